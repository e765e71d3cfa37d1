import Foundation

/// An inspector page: one self-contained HTML file showing an
/// ``InspectorTimeline`` (no network, no outside scripts, fonts or images; a
/// Content-Security-Policy that allows nothing else).
///
/// The timeline is a `<script type="application/json" id="log-data">` block
/// (``InspectorTimelineJSON``, escaped so no payload can end it); the page's
/// script (``InspectorPageScript``) parses it and builds the views with
/// `textContent` and `createElement` only, so a payload holding markup or
/// script is shown as text and never run.
enum InspectorPage {
    /// The policy: nothing from anywhere, but the page's own style and script.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"

    /// The page's HTML, UTF-8.
    static func render(_ timeline: InspectorTimeline, title: String) -> [UInt8] {
        let data = InspectorTimelineJSON.encode(timeline, title: title)
        var page: [UInt8] = []
        page.reserveCapacity(data.count + 64 * 1024)
        page.append(contentsOf: head(title: title).utf8)
        page.append(contentsOf: data)
        page.append(contentsOf: "</script>\n<script>\n".utf8)
        page.append(contentsOf: InspectorPageScript.source.utf8)
        page.append(contentsOf: "</script>\n</body>\n</html>\n".utf8)
        return page
    }

    /// Everything before the data: the head, the views' skeleton, and the data
    /// block's opening tag.
    private static func head(title: String) -> String {
        let title = escapeHTML(title)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="ReduxKitLinuxDevtools ActionLogInspector">
            <title>\(title)</title>
            <style>
            \(InspectorPageStyle.source)</style>
            </head>
            <body data-view="payload">
            <header class="top">
            <h1 id="title">\(title)</h1>
            <span id="summary" class="summary"></span>
            <span class="keys">↑ ↓ / j k: previous, next · Home End: first, last</span>
            </header>
            <div id="notes" class="notes" hidden></div>
            <nav class="toolbar">
            <div class="tabs" role="tablist">
            <button type="button" data-view="timeline">Timeline</button>
            <button type="button" data-view="payload">Action</button>
            <button type="button" data-view="state">State</button>
            </div>
            <label>Type <select id="filter"><option value="">All types</option></select></label>
            <label>Search <input id="search" type="search" placeholder="text in payloads" autocomplete="off"></label>
            <span id="count" class="count"></span>
            </nav>
            <div class="scrub">
            <input id="scrub" type="range" min="0" max="0" value="0" aria-label="Scrub through the entries listed">
            <span id="position" class="position"></span>
            </div>
            <main>
            <section id="timeline" aria-label="Timeline"><div id="list" tabindex="0"><div id="rows"></div></div></section>
            <section id="details" aria-label="Selected entry">
            <div id="selection" class="selection"></div>
            <div id="pane-payload" class="pane">
            <h2>Payload</h2>
            <pre id="payload" class="json"></pre>
            <h2 id="changes-title">Changes</h2>
            <ol id="changes" class="changes"></ol>
            </div>
            <div id="pane-state" class="pane">
            <h2 id="state-title">State after</h2>
            <p id="state-note" class="state-note" hidden></p>
            <ul id="changed-paths" class="changed-paths"></ul>
            <div id="state" class="tree json"></div>
            </div>
            </section>
            </main>
            <noscript><p class="noscript">This page needs JavaScript to show the log.</p></noscript>
            <script type="application/json" id="log-data">
            """
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` written as character references.
    static func escapeHTML(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
