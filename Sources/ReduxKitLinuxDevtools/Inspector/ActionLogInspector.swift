import Foundation

/// Turns an action log into an inspector page: one self-contained HTML file
/// a person opens in a browser, with the timeline of every session's actions
/// (async thunks' lifecycles linked with their durations, an effect's
/// actions marked), each action's payload, the state after each action with
/// the paths it changed highlighted, a slider and keys to scrub through the
/// states, a filter by type and a search of payloads.
///
/// The page needs no network and loads nothing (its Content-Security-Policy
/// allows nothing but its own style and script), and shows every payload as
/// text: markup or `</script>` in a payload is never run. States are shown
/// when the log records their changes (an ``ActionLog`` made with
/// `recordingStateChanges: true`); otherwise the page shows each session's
/// starting state and says how to record them.
///
/// ```swift
/// let summary = try ActionLogInspector.writePage(
///     forLogAt: URL(fileURLWithPath: "todos.jsonl"), to: URL(fileURLWithPath: "todos.html"))
/// print("\(summary.entries) entries in \(summary.sessions) sessions")
/// ```
///
/// From a shell: `swift run reduxkit-inspect todos.jsonl` writes `todos.jsonl.html`.
public enum ActionLogInspector {
    /// Writes the inspector page for the log at `log` (and its rotated files)
    /// to `page`, replacing the file there at once (never half written).
    ///
    /// The page shows what the log holds, so it is as private as the log: a
    /// new page is created `0600`; a page written over keeps its permissions.
    /// A symbolic link at `page` is replaced by the page, not followed.
    ///
    /// - Parameters:
    ///   - log: The log's file, as given to the ``ActionLog``.
    ///   - page: Where to write the page (an `.html` file).
    ///   - title: The page's title; by default, the log's file name.
    /// - Returns: What the page shows, and its size.
    /// - Throws: An error reading the log, or writing the page.
    @discardableResult
    public static func writePage(forLogAt log: URL, to page: URL, title: String? = nil) throws
        -> ActionLogInspectorSummary
    {
        let timeline = try timeline(forLogAt: log)
        let html = render(timeline: timeline, title: title ?? defaultTitle(for: log))
        // A temporary file with the old page's permissions (or 0600), renamed into place.
        try PersistenceAtomicFile.replace(PersistenceTarget(path: page.path), with: Data(html))
        return ActionLogInspectorSummary(timeline, bytes: html.count)
    }

    /// The inspector page for the log at `log` (and its rotated files), as HTML.
    ///
    /// - Parameters:
    ///   - log: The log's file, as given to the ``ActionLog``.
    ///   - title: The page's title; by default, the log's file name.
    /// - Returns: The page's HTML (UTF-8 when written to a file).
    /// - Throws: An error reading the log.
    public static func page(forLogAt log: URL, title: String? = nil) throws -> String {
        let timeline = try timeline(forLogAt: log)
        return String(decoding: render(timeline: timeline, title: title ?? defaultTitle(for: log)), as: UTF8.self)
    }

    /// The timeline of the log at `log`.
    static func timeline(forLogAt log: URL) throws -> InspectorTimeline {
        InspectorTimeline(rawLog: try ActionLogRawLog.read(at: log))
    }

    /// The page of `timeline`, however it was made (read from a log, or
    /// rebuilt by replaying one through an app's reducer).
    static func render(timeline: InspectorTimeline, title: String) -> [UInt8] {
        InspectorPage.render(timeline, title: title)
    }

    /// "Action log: NAME".
    static func defaultTitle(for log: URL) -> String {
        "Action log: " + log.lastPathComponent
    }
}
