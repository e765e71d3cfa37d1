/// Numbers the sessions and lines of a ``CrashRecoveryTail`` as the whole log
/// would (``ActionLogSessions``' session numbers, lines from 1 in each file).
/// When the header at the tail's point carries its session's number and its
/// line (``ActionLogSessionHeader/number``), and so does the oldest file's
/// first line, the numbers come from them; otherwise (a log written before
/// headers carried them) what comes before the tail is counted, only when a
/// number is asked for (an ``ActionLogCensus``): a recovery that names none
/// reads none of it.
final class CrashRecoveryNumbering {
    private let files: [ActionLogFileReader]
    private let point: (file: Int, offset: Int)
    private let firstSessionStartedBefore: Bool
    private let continuing: String?
    /// The number of the point's session (as its header says) and the lines
    /// of the point's file before the point.
    private let known: (session: Int, linesBefore: Int)?
    private var counted: ActionLogCensus?
    /// The number of the oldest file's first session, as its first line says; `nil` until read.
    private var firstKept: Int??

    /// Numbering for a tail starting at `point`; `firstSessionStartedBefore`
    /// when its first session started before it (a saved state's place);
    /// `continuing`, the session a continuation header at the point continues.
    init(
        files: [ActionLogFileReader], point: (file: Int, offset: Int), firstSessionStartedBefore: Bool = false,
        continuing: String? = nil, known: (session: Int, linesBefore: Int)? = nil
    ) {
        self.files = files
        self.point = point
        self.firstSessionStartedBefore = firstSessionStartedBefore
        self.continuing = continuing
        self.known = known
    }

    /// The point's session's number as ``ActionLogSessions`` gives it, and the
    /// lines before the point, from the headers' numbers; `nil` when a header
    /// has none.
    private var fromHeaders: (session: Int, linesBefore: Int)? {
        guard let known else { return nil }
        if firstKept == nil {
            firstKept = .some(ActionLogSessionHeader(at: 0, in: files[0])?.number)
        }
        guard let first = firstKept ?? nil, known.session >= first else { return nil }
        return (known.session - first + 1, known.linesBefore)
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
        if let fromHeaders { return fromHeaders.session + index }
        guard let census else { return index + 1 }
        let sameSession = firstSessionStartedBefore || (continuing != nil && census.lastSession == continuing)
        return census.sessions - (sameSession ? 1 : 0) + index + 1
    }

    /// The number, from 1 in its file, of `line`.
    func line(_ line: ActionLogRawLog.Line) -> Int {
        guard line.file == files[point.file].url else { return line.number }
        if let fromHeaders { return fromHeaders.linesBefore + line.number }
        guard let census else { return line.number }
        return census.linesBefore + line.number
    }
}
