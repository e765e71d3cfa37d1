/// What an inspector page shows, as ``ActionLogInspector/writePage(forLogAt:to:title:)``
/// reports it.
public struct ActionLogInspectorSummary: Sendable, Equatable {
    /// The sessions in the log (one per launch of the app).
    public let sessions: Int
    /// The entries (actions, jumps, and lines that could not be read) in all
    /// sessions.
    public let entries: Int
    /// Whether the log records the state's changes, so the page shows the
    /// state after each action (not only each session's starting state).
    public let statesRecorded: Bool
    /// The page's size, in bytes.
    public let bytes: Int

    /// A summary of these numbers.
    ///
    /// - Parameters:
    ///   - sessions: The sessions in the log.
    ///   - entries: The entries in all sessions.
    ///   - statesRecorded: Whether the log records the state's changes.
    ///   - bytes: The page's size, in bytes.
    public init(sessions: Int, entries: Int, statesRecorded: Bool, bytes: Int) {
        self.sessions = sessions
        self.entries = entries
        self.statesRecorded = statesRecorded
        self.bytes = bytes
    }

    /// The summary of `timeline`'s page, `bytes` long.
    init(_ timeline: InspectorTimeline, bytes: Int) {
        self.init(
            sessions: timeline.sessions.count, entries: timeline.entries.count,
            statesRecorded: timeline.statesRecorded, bytes: bytes)
    }
}
