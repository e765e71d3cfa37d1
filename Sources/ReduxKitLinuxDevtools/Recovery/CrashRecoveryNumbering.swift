/// Numbers the sessions and lines of a ``CrashRecoveryTail`` as the whole log
/// would (``ActionLogSessions``' session numbers, lines from 1 in each file),
/// counting what comes before the tail only when a number is asked for (an
/// ``ActionLogCensus``): a recovery that names none reads none of it.
final class CrashRecoveryNumbering {
    private let files: [ActionLogFileReader]
    private let point: (file: Int, offset: Int)
    private let firstSessionStartedBefore: Bool
    private let continuing: String?
    private var counted: ActionLogCensus?

    /// Numbering for a tail starting at `point`; `firstSessionStartedBefore`
    /// when its first session started before it (a saved state's place);
    /// `continuing`, the session a continuation header at the point continues.
    init(
        files: [ActionLogFileReader], point: (file: Int, offset: Int), firstSessionStartedBefore: Bool = false,
        continuing: String? = nil
    ) {
        self.files = files
        self.point = point
        self.firstSessionStartedBefore = firstSessionStartedBefore
        self.continuing = continuing
    }

    /// What comes before the point, counted once; `nil` when the tail is the whole log.
    private var census: ActionLogCensus? {
        if point.file == 0 && point.offset == 0 { return nil }
        if let counted { return counted }
        let census = ActionLogCensus(files: files, upTo: point.file, offset: point.offset)
        counted = census
        return census
    }

    /// The number, from 1, of the tail's session at `index`.
    func session(_ index: Int) -> Int {
        guard let census else { return index + 1 }
        let sameSession = firstSessionStartedBefore || (continuing != nil && census.lastSession == continuing)
        return census.sessions - (sameSession ? 1 : 0) + index + 1
    }

    /// The number, from 1 in its file, of `line`.
    func line(_ line: ActionLogRawLog.Line) -> Int {
        guard line.file == files[point.file].url, let census else { return line.number }
        return census.linesBefore + line.number
    }
}
