import Foundation

/// An action log's files split into sessions, line by line, nothing decoded
/// but the session headers: what ``ActionLogSessions``, replays, crash
/// recovery and the inspector read.
///
/// A log is its file and the files size rotation made of it: `log.jsonl.N`
/// (the oldest kept) … `log.jsonl.1`, then `log.jsonl` itself, read in that
/// order. A session starts at its header line (see ``ActionLogSessionHeader``);
/// a continuation header (a rotated file's first line in the middle of a
/// session) is a checkpoint of the session it continues, not a new session.
/// Lines before any header (a log written before logs had sessions) form a
/// session with no header.
///
/// A torn line (a crash in the middle of writing it) is told apart without
/// guessing: it is the file's last line when the file does not end with a
/// newline, or the line just before a header that says so
/// (`"previousLineTorn": true`: the next launch ended the torn line with a
/// newline before writing its header). A torn line is never an entry; it is
/// the ``Session/torn`` line of the session it ends.
struct ActionLogRawLog {
    /// One line of a log file.
    struct Line {
        /// The line's bytes, without its newline.
        let data: Data
        /// The file it is in.
        let file: URL
        /// Its number in that file, counted from 1.
        let number: Int
    }

    /// One session's lines.
    struct Session {
        /// The header that started it; `nil` for lines before any header.
        var header: Line?
        /// The header decoded; `nil` when ``header`` is.
        var decodedHeader: ActionLogSessionHeader?
        /// The entry lines, in order (actions, unrecorded actions, jumps).
        var entries: [Line] = []
        /// The continuation headers rotation wrote, each with the number of
        /// entries before it in the session.
        var checkpoints: [(entriesBefore: Int, header: Line, decoded: ActionLogSessionHeader)] = []
        /// The torn line that ended the session, if one did.
        var torn: Line?
    }

    /// The sessions, oldest first.
    var sessions: [Session] = []

    /// The files of the log at `url`, oldest first: the rotated ones that
    /// exist (`url.N` … `url.1`) and `url`, if it exists.
    static func files(of url: URL) -> [URL] {
        var rotated: [URL] = []
        var index = 1
        while true {
            let candidate = ActionLogRotation.rotatedFile(url, index)
            guard FileManager.default.fileExists(atPath: candidate.path) else { break }
            rotated.append(candidate)
            index += 1
        }
        let current = FileManager.default.fileExists(atPath: url.path) ? [url] : []
        return rotated.reversed() + current
    }

    /// Reads the log at `url` (and its rotated files).
    ///
    /// - Throws: ``ActionLogError`` for a header line that cannot be read
    ///   (with its line number), or the error reading a file.
    static func read(at url: URL) throws -> ActionLogRawLog {
        ActionLogSinks.drainWriters(of: url)
        var log = ActionLogRawLog()
        for file in files(of: url) {
            try log.append(contentsOf: contents(of: file), from: file)
        }
        return log
    }

    /// The bytes of the file at `url`. (Not `Data(contentsOf:)`, which leaks
    /// a buffer when it reads an empty file, as the address sanitizer shows.)
    static func contents(of url: URL) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
    }

    /// Adds the lines of one file.
    mutating func append(contentsOf contents: Data, from file: URL) throws {
        let lines = contents.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let endsTorn = contents.last.map { $0 != UInt8(ascii: "\n") } ?? false
        for (offset, bytes) in lines.enumerated() where !bytes.isEmpty {
            let line = Line(data: Data(bytes), file: file, number: offset + 1)
            if endsTorn && offset == lines.count - 1 {
                startIfNeeded()
                sessions[sessions.count - 1].torn = line
                break
            }
            guard ActionLogLine.start(of: line.data) == .header else {
                startIfNeeded()
                sessions[sessions.count - 1].entries.append(line)
                continue
            }
            let read = ActionLogLine(line.data)
            guard case .header(let header, _) = read else {
                // A launch's header torn by a crash: the next launch's header follows it.
                guard Self.nextLineStartsHeader(lines, after: offset) else {
                    let reason = if case .unreadable(let reason) = read { reason } else { "not a session header" }
                    throw ActionLogError(line: line.number, reason: .notALogLine(reason))
                }
                markTornLastEntry()
                startIfNeeded()
                if sessions[sessions.count - 1].torn != nil { sessions.append(Session()) }
                sessions[sessions.count - 1].torn = line
                continue
            }
            // A launch's header follows the last line the launch before wrote:
            // one that is not JSON was torn, even if no header says so (the
            // launch that ended it may have died before its header was written).
            if header.continues != true { markTornLastEntry() }
            if header.previousLineTorn == true, var last = sessions.last, last.torn == nil,
                let tornLine = last.entries.popLast()
            {
                last.torn = tornLine
                sessions[sessions.count - 1] = last
            }
            if header.continues == true, let last = sessions.last, last.decodedHeader?.session == header.session {
                sessions[sessions.count - 1].checkpoints.append((last.entries.count, line, header))
            } else {
                sessions.append(Session(header: line, decodedHeader: header))
            }
        }
    }

    /// Takes the current session's last entry as its torn line when it is not
    /// a whole object and the session has none. A whole line nested too deep
    /// to decode is not torn: its brackets close at its end, as a cut line's never do.
    private mutating func markTornLastEntry() {
        guard var last = sessions.last, last.torn == nil, let entry = last.entries.last else { return }
        if ActionLogLineFields(entry.data).problem == nil { return }
        last.torn = last.entries.removeLast()
        sessions[sessions.count - 1] = last
    }

    /// Whether the next line with bytes after `offset` starts as a session's header.
    private static func nextLineStartsHeader(_ lines: [Data.SubSequence], after offset: Int) -> Bool {
        guard let next = lines[(offset + 1)...].first(where: { !$0.isEmpty }) else { return false }
        return ActionLogLineFormat.startsHeader(next)
    }

    /// Starts a session with no header if none has started.
    private mutating func startIfNeeded() {
        if sessions.isEmpty { sessions.append(Session()) }
    }
}
