import Foundation

/// An inspector page: one self-contained HTML file showing an
/// ``InspectorTimeline`` (no network, no outside scripts, fonts or images; a
/// Content-Security-Policy that allows nothing else).
///
/// The timeline is a `<script type="application/json" id="log-data">` block
/// (``InspectorTimelineJSON``, escaped so no payload can end it); the page's
/// scripts (``InspectorPageFiles``) parse it and build the views with
/// `textContent` and `createElement` only, so a payload holding markup or
/// script is shown as text and never run.
enum InspectorPage {
    /// The policy: nothing from anywhere, but the page's own style and script.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"

    /// The page's HTML, UTF-8: `page.html` with its placeholders filled.
    static func render(_ timeline: InspectorTimeline, title: String) -> [UInt8] {
        let data = InspectorTimelineJSON.encode(timeline, title: title)
        let title = Array(escapeHTML(title).utf8)
        let files = InspectorPageFiles.template.count + InspectorPageFiles.style.count + InspectorPageFiles.script.count
        return InspectorPageTemplate.page.render(reservingCapacity: data.count + files + 2 * title.count + 256) {
            placeholder, page in
            switch placeholder {
            case .contentSecurityPolicy: page.append(contentsOf: contentSecurityPolicy.utf8)
            case .title: page.append(contentsOf: title)
            case .style: page.append(contentsOf: InspectorPageFiles.style)
            case .data: page.append(contentsOf: data)
            case .script: page.append(contentsOf: InspectorPageFiles.script)
            }
        }
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
