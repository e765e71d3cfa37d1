import Foundation

/// One launch's part of an action log: from its header (the starting state,
/// the state's version, the time) to the next session's.
public struct ActionLogSession: Sendable, Equatable {
    /// Its place among the log's sessions, from 1 (the oldest kept).
    public let number: Int
    /// Its identifier (a UUID), or `nil` for lines written before action logs
    /// had sessions.
    public let id: String?
    /// When it started (or, when rotation deleted its first file, when the
    /// oldest file kept of it started).
    public let started: Date?
    /// The version of the state's shape it was written with.
    public let version: Int?
    /// Its whole entries: actions, unrecorded actions and jumps.
    public let entries: Int
    /// Whether its header holds the state it started from.
    public let hasStartingState: Bool
    /// How crash recovery made its starting state, if it did.
    public let recovered: ActionLogRecoveryNote?
    /// Whether it ended in a torn line (the process was killed, or the disk
    /// filled up, in the middle of writing it); the line is not an entry.
    public let tornLastLine: Bool
    /// Whether rotation deleted the files its start was in: it then starts
    /// from the state of the oldest file kept.
    public let startIsRotatedAway: Bool
}

/// A torn line a log holds: where it is and how much was cut.
public struct ActionLogCut: Sendable, Equatable, CustomStringConvertible {
    /// The session it ends (``ActionLogSession/number``).
    public let session: Int
    /// The file it is in.
    public let file: URL
    /// Its line in that file, from 1.
    public let line: Int
    /// The bytes of it that reached the file.
    public let bytes: Int

    /// Where the cut is, in one line.
    public var description: String {
        "session \(session) ends in a torn line (\(file.lastPathComponent), line \(line), \(bytes) bytes): "
            + "its last entry was cut while it was being written"
    }
}

/// Which sessions of an action log a replay feeds to the store.
public enum ActionLogSessionSelection: Sendable, Equatable {
    /// The newest session: what the last launch did.
    case last
    /// One session, by its ``ActionLogSession/number``.
    case session(Int)
    /// A session and every one after it, by number.
    case from(Int)
    /// Every session kept.
    case all

    /// The indices of the sessions chosen from `count` sessions.
    func indices(of count: Int) throws -> Range<Int> {
        switch self {
        case .last: return count == 0 ? 0..<0 : (count - 1)..<count
        case .all: return 0..<count
        case .session(let number), .from(let number):
            guard number >= 1 && number <= count else { throw ActionLogError(line: 0, reason: .noSuchSession(number)) }
            if case .session = self { return (number - 1)..<number }
            return (number - 1)..<count
        }
    }
}

/// What an action log holds, session by session: read with ``read(at:)``.
///
/// ```swift
/// let log = try ActionLogSessions.read(at: logFile)
/// for session in log.sessions { print(session.number, session.started!, session.entries) }
/// for cut in log.cuts { print(cut) }  // a crash tore this line
/// ```
public struct ActionLogSessions: Sendable, Equatable {
    /// The sessions, oldest first.
    public let sessions: [ActionLogSession]
    /// The torn lines, each ending its session: the entries before them are whole.
    public let cuts: [ActionLogCut]

    /// Reads the log at `url`, with the files rotation made of it, oldest
    /// first. A torn line does not stop the reading: it ends its session, and
    /// ``cuts`` says where it is. Lines an ``ActionLog`` in this process has
    /// yet to write are written first.
    ///
    /// - Parameter url: The log's file.
    /// - Returns: Its sessions.
    /// - Throws: ``ActionLogError`` for a header that cannot be read, or the
    ///   error reading a file.
    public static func read(at url: URL) throws -> ActionLogSessions {
        ActionLogSessions(try ActionLogRawLog.read(at: url))
    }

    /// The summary of `raw`.
    init(_ raw: ActionLogRawLog) {
        var sessions: [ActionLogSession] = []
        var cuts: [ActionLogCut] = []
        for (index, session) in raw.sessions.enumerated() {
            let header = session.decodedHeader
            sessions.append(
                ActionLogSession(
                    number: index + 1, id: header?.session, started: header.flatMap { Self.date($0.timestamp) },
                    version: header?.version, entries: session.entries.count,
                    hasStartingState: header.map { $0.stateUnrecorded != true } ?? false,
                    recovered: header?.recovered, tornLastLine: session.torn != nil,
                    startIsRotatedAway: header?.continues == true))
            if let torn = session.torn {
                cuts.append(
                    ActionLogCut(session: index + 1, file: torn.file, line: torn.number, bytes: torn.data.count))
            }
        }
        self.sessions = sessions
        self.cuts = cuts
    }

    /// The date a header's timestamp names.
    static func date(_ timestamp: String) -> Date? {
        try? Date(timestamp, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
