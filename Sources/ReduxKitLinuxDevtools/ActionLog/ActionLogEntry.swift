import Foundation
import ReduxKitLinuxEffects

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One thing the reducer saw, as the store's domain hands it to the writer:
/// only what it costs nothing to take there (the action itself, its codec's
/// index and the time), so the encoding happens on the writer's thread.
struct ActionLogEntry: Sendable {
    enum Kind: Sendable {
        /// An action of a registered type.
        case action(any Action, codec: Int)
        /// An action of a registered type, with the state after it, for a log
        /// that records state changes.
        case actionWithState(ActionLogActionWithState)
        /// An action of a type not in the registry.
        case unrecorded(type: String)
        /// A time-travel jump to a state, encoded (in the store's domain: the
        /// state need not be `Sendable`).
        case jump(state: Data)
        /// A jump whose state could not be encoded.
        case unrecordedJump
        /// A session's header, or (``ActionLogHeaderLine/continues``) the
        /// header of a file rotation starts in the middle of it: the writer
        /// rotates the file before writing it.
        case header(ActionLogHeaderLine)
    }

    let kind: Kind
    /// The kind of effect that dispatched the action; `nil` for the app.
    let effect: EffectOrigin?
    /// Seconds and nanoseconds since 1970, UTC.
    let seconds: Int
    let nanoseconds: Int

    init(_ kind: Kind, effect: EffectOrigin? = nil) {
        self.kind = kind
        self.effect = effect
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        seconds = Int(now.tv_sec)
        nanoseconds = Int(now.tv_nsec)
    }
}

/// An action with the state it left, for a log that records state changes
/// (a class: an entry holds one reference).
final class ActionLogActionWithState: Sendable {
    let action: any Action
    let codec: Int
    /// Encodes the state after the action (it captures the state, which is `Sendable`).
    let state: @Sendable (JSONEncoder) throws -> Data

    init(action: any Action, codec: Int, state: @escaping @Sendable (JSONEncoder) throws -> Data) {
        self.action = action
        self.codec = codec
        self.state = state
    }
}

/// A session's header as the store's domain hands it to the writer (a class:
/// an entry holds one reference, not the fields).
final class ActionLogHeaderLine: Sendable {
    /// The session's identifier.
    let session: String
    /// The version of the state's shape.
    let version: Int
    /// The entries of the session before it.
    let entry: Int
    /// Whether it continues the session in a new file.
    let continues: Bool
    /// The state's JSON, or `nil` if it could not be encoded.
    let state: Data?
    /// How crash recovery made the starting state.
    let recovered: ActionLogRecoveryNote?

    init(session: String, version: Int, entry: Int, continues: Bool, state: Data?, recovered: ActionLogRecoveryNote?) {
        self.session = session
        self.version = version
        self.entry = entry
        self.continues = continues
        self.state = state
        self.recovered = recovered
    }
}
