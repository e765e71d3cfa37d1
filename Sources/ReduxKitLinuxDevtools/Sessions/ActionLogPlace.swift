/// Where the last line an action log's writer wrote sits in the log's
/// current file: what a saved state records beside its entry count, so that
/// ``CrashRecovery`` finds its place by seeking, not by reading the file from
/// the start (written as `"place":{"end":…,"entry":…,"header":…,"headerEntry":…}`
/// in the state file's `"log"`).
///
/// The place is a hint, checked before it is used: the line at `header` must
/// be a header of the saved state's session with `headerEntry` in it, and the
/// byte before `end` a newline. A log rotated or rewritten since fails the
/// check, and recovery reads from the end instead.
struct ActionLogPlace: Codable, Equatable, Sendable {
    /// The session's entries up to and including the last line written.
    let entry: Int
    /// The offset just past that line (its newline) in the current file.
    let end: Int
    /// The offset of the session's header in the current file (its
    /// continuation header, in a file rotation started in the middle of it).
    let header: Int
    /// The `entry` that header holds: the session's entries before it.
    let headerEntry: Int
}

/// What the writer knows of where it is, kept as it writes (see
/// ``ActionLogPlace``): updated for each line, reset by rotation.
struct ActionLogPlaceTracker {
    private var entry = 0
    private var end = 0
    private var header: Int?
    private var headerEntry = 0
    /// Whether a write failed: what the file holds is then unknown.
    var broken = false

    /// Notes a line of `kind` written from `start` to `end` of the current file.
    mutating func wrote(_ kind: ActionLogEntry.Kind, from start: Int, to end: Int) {
        if case .header(let line) = kind {
            entry = line.entry
            header = start
            headerEntry = line.entry
        } else {
            entry += 1
        }
        self.end = end
    }

    /// Notes that the writer moved to a new, empty file.
    mutating func rotated() {
        header = nil
    }

    /// The place, once the session's header is in the current file and no write failed.
    var place: ActionLogPlace? {
        guard let header, !broken else { return nil }
        return ActionLogPlace(entry: entry, end: end, header: header, headerEntry: headerEntry)
    }
}
