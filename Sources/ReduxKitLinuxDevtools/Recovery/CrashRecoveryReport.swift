import Foundation

/// What ``CrashRecovery`` did when its store was created: where the state came
/// from, what it replayed, and what it could not use.
public struct CrashRecoveryReport: Sendable, Equatable, CustomStringConvertible {
    /// Where the recovered state started.
    public enum Start: Sendable, Equatable {
        /// The state ``Persistence`` saved (the log knows which of its entries it includes).
        case savedState
        /// A state the log recorded: a session's starting state, a rotated
        /// file's continuation, or a jump (in the session with this number).
        case loggedState(session: Int)
        /// The store's default state: nothing saved and nothing logged.
        case defaultState
    }

    /// Where the state started.
    public let start: Start
    /// The logged entries (actions and jumps) replayed after it.
    public let replayed: Int
    /// The torn line the last session ended in, left out (its action never
    /// reached the file whole).
    public let cut: ActionLogCut?
    /// Why recovery stopped before the end of the log, if it did: an entry it
    /// cannot replay (an unrecorded action, one that no longer decodes), or a
    /// log it cannot read. The state is then the state before that entry.
    public let stoppedEarly: String?
    /// How long recovery took (reading, decoding and replaying).
    public let duration: Duration
    /// The bytes recovery read from the log's files: the part after the
    /// newest point it could start from, not the whole log (see
    /// ``CrashRecovery``), plus, when the report names a session or a line
    /// before that part, what counting them took.
    public let logBytesRead: Int

    /// Whether the state is the one after the last entry that reached the log.
    public var isComplete: Bool { stoppedEarly == nil }

    /// The recovery in one line.
    public var description: String {
        let from =
            switch start {
            case .savedState: "the saved state"
            case .loggedState(let session): "the state logged in session \(session)"
            case .defaultState: "the default state"
            }
        var text = "recovered from \(from) and \(replayed) logged entr\(replayed == 1 ? "y" : "ies") after it"
        if cut != nil { text += "; a torn last line was left out" }
        if let stoppedEarly { text += "; stopped early: \(stoppedEarly)" }
        return text
    }
}
