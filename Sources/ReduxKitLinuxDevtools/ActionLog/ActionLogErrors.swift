import Foundation

/// What went wrong while an action log was being written, as its `onError`
/// receives it: the file and the reason.
///
/// The default `onError` writes each one as a line to standard error.
public struct ActionLogWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Error, Equatable, Sendable {
        /// An action of a type not in the registry reached the reducer. Its
        /// line is marked `"unrecorded": true`, so a replay stops there (or,
        /// asked to skip such lines, counts them).
        case unregisteredAction(type: String)
        /// An action of a registered type could not be encoded (a `Double.nan`
        /// in it, for example). Found by the writer, just after the dispatch;
        /// its line is marked `"unrecorded": true`.
        case unencodableAction(type: String, details: String)
        /// The state a time-travel jump set could not be encoded: the state is
        /// not `Encodable`, or encoding it failed. The jump's line is marked
        /// `"unrecorded": true`, so a replay says the log is incomplete there.
        case unencodableState(details: String)
        /// Another action log, in this process or another, is writing the
        /// file: this one writes nothing.
        case fileInUse
        /// The path is a symbolic link; the log does not follow links, so a
        /// planted link cannot make it overwrite another file. It writes nothing.
        case symbolicLink
        /// The path names something other than a regular file; the log writes nothing.
        case notARegularFile
        /// The file could not be opened or locked; the log writes nothing.
        case cannotOpen(details: String)
        /// Writing failed. The log stops there: a log with a gap in it would
        /// replay to a wrong state, while the lines before it replay faithfully
        /// (the last may be torn).
        case writeFailed(details: String)
    }

    /// The log's file.
    public let file: URL
    /// What went wrong.
    public let reason: Reason

    /// Creates the error for `file`.
    ///
    /// - Parameters:
    ///   - file: The log's file.
    ///   - reason: What went wrong.
    public init(file: URL, reason: Reason) {
        self.file = file
        self.reason = reason
    }

    /// The error in one line, naming the file.
    public var description: String {
        let problem =
            switch reason {
            case .unregisteredAction(let type):
                "a \(type) reached the reducer, but its type is not in the ActionRegistry: the log marks it "
                    + "unrecorded, and a replay cannot reproduce the run (register it, or pass unregistered: .skip)"
            case .unencodableAction(let type, let details):
                "a \(type) could not be encoded, so the log marks it unrecorded: \(details)"
            case .unencodableState(let details):
                "a time-travel jump could not be recorded, so a replay cannot end where the store did: \(details)"
            case .fileInUse: "another action log is writing this file; this one writes nothing"
            case .symbolicLink: "the path is a symbolic link, which an action log does not follow; it writes nothing"
            case .notARegularFile: "the path is not a regular file; the log writes nothing"
            case .cannotOpen(let details): "cannot open the file, so the log writes nothing: \(details)"
            case .writeFailed(let details): "writing failed, so the log stops here: \(details)"
            }
        return "action log \(file.path): \(problem)"
    }

    /// Writes `error` as one line to standard error: what action logs do with
    /// their errors unless given an `onError` of your own. (Usable from inline,
    /// not public: it is the `onError` parameters' default value.)
    @Sendable
    @usableFromInline static func reportToStandardError(_ error: any Error) {
        FileHandle.standardError.write(Data("ReduxKitLinux: \(error)\n".utf8))
    }
}

/// Why an action log could not be replayed: the line (counted from 1) and the reason.
public struct ActionLogError: Error, Equatable, CustomStringConvertible {
    /// What was wrong with the line.
    public enum Reason: Error, Equatable, Sendable {
        /// The line is not a JSON object with a `type` field (nor a jump).
        case notALogLine(String)
        /// No action type is registered under this name.
        case unknownType(String)
        /// The payload does not decode as the registered type.
        case undecodable(type: String, details: String)
        /// The line marks an action that was not recorded; replaying past it
        /// would not reproduce the original run.
        case unrecordedAction(type: String)
        /// The line marks a time-travel jump that was not recorded (the state
        /// could not be encoded); replaying past it would not end where the
        /// store did.
        case unrecordedJump
        /// The state a jump recorded does not decode as the store's state (or
        /// the state is not `Decodable`).
        case undecodableState(details: String)
        /// The last line is incomplete: the writer stopped in the middle of it
        /// (the process was killed, or the disk filled up). The lines before it
        /// replay with ``ActionLogReplayOptions/allowingTornLastLine``.
        case tornLastLine
        /// A replay named a session the log does not have (the line is 0).
        case noSuchSession(Int)
    }

    /// The line, counted from 1.
    public let line: Int
    /// What was wrong with it.
    public let reason: Reason

    /// Creates the error for `line` (counted from 1).
    ///
    /// - Parameters:
    ///   - line: The line, counted from 1.
    ///   - reason: What was wrong with it.
    public init(line: Int, reason: Reason) {
        self.line = line
        self.reason = reason
    }

    /// The error in one line: the line number and what was wrong with it.
    public var description: String {
        switch reason {
        case .notALogLine(let details): "line \(line): not an action log line (\(details))"
        case .unknownType(let name): "line \(line): no action type is registered as \"\(name)\""
        case .undecodable(let type, let details): "line \(line): cannot decode a \(type): \(details)"
        case .unrecordedAction(let type): "line \(line): a \(type) was not recorded, so the run cannot be replayed"
        case .unrecordedJump:
            "line \(line): a time-travel jump was not recorded, so the run cannot be replayed"
        case .undecodableState(let details): "line \(line): cannot decode the state a jump set: \(details)"
        case .tornLastLine:
            "line \(line): the last line is torn (its writer stopped in the middle of it); "
                + "replay with options: .allowingTornLastLine to replay the lines before it"
        case .noSuchSession(let number):
            "the log has no session \(number) (sessions are numbered from 1, oldest first)"
        }
    }
}
