import Foundation

/// How ``replayActionLog(at:registry:into:options:)`` treats a log that is not
/// a complete record. With no options, a replay that could not reproduce the
/// run throws instead.
public struct ActionLogReplayOptions: OptionSet, Sendable {
    /// The options' bits.
    public let rawValue: Int

    /// Creates options from their bits.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Pass over lines marking what was not recorded (actions of unregistered
    /// types, jumps whose state could not be encoded), and count them in
    /// ``ActionLogReplay/skippedUnrecorded``, instead of throwing.
    public static let skippingUnrecorded = ActionLogReplayOptions(rawValue: 1 << 0)
    /// Replay the lines before a torn last line (a writer that stopped in the
    /// middle of it) and say so in ``ActionLogReplay/tornLastLine``, instead
    /// of throwing.
    public static let allowingTornLastLine = ActionLogReplayOptions(rawValue: 1 << 1)
}

/// What a replay did, and how much of the recorded run it could not reproduce.
public struct ActionLogReplay: Equatable, Sendable {
    /// The actions fed to the reducer.
    public let replayed: Int
    /// The time-travel jumps applied.
    public let jumps: Int
    /// The lines passed over because they mark something that was not recorded
    /// (with ``ActionLogReplayOptions/skippingUnrecorded``).
    public let skippedUnrecorded: Int
    /// Whether the last line was torn and left out (with
    /// ``ActionLogReplayOptions/allowingTornLastLine``).
    public let tornLastLine: Bool

    /// Whether the replay reproduced the whole recorded run: nothing skipped,
    /// nothing torn.
    public var isComplete: Bool {
        skippedUnrecorded == 0 && !tornLastLine
    }

    /// Creates a replay's summary.
    ///
    /// - Parameters:
    ///   - replayed: The actions fed to the reducer.
    ///   - jumps: The jumps applied.
    ///   - skippedUnrecorded: The lines passed over as unrecorded.
    ///   - tornLastLine: Whether a torn last line was left out.
    public init(replayed: Int, jumps: Int = 0, skippedUnrecorded: Int = 0, tornLastLine: Bool = false) {
        self.replayed = replayed
        self.jumps = jumps
        self.skippedUnrecorded = skippedUnrecorded
        self.tornLastLine = tornLastLine
    }
}

/// Replays the last session of an action log (what the last launch did) into
/// `store`'s reducer: reads and decodes every line first, then sets the state
/// the session started from (its header holds it when the state is `Codable`),
/// then, in order, feeds each recorded action to the reducer and sets the
/// state each recorded jump set. The store passes through every state the
/// recorded one passed through, and ends in the state it ended with. (With a
/// state that is not `Codable`, replay into a store that starts from the state
/// the recorded one started from.) To replay other sessions, see
/// ``replayActionLog(at:registry:into:sessions:options:)``.
///
/// The actions go to the reducer, not through `store`'s middleware: the log
/// holds what the recorded store's reducer saw, actions its middleware and
/// effects dispatched included, so running middleware again would apply those
/// twice. Effects do not run during a replay; subscribers are called as for a
/// dispatch, and time travel and action logs on `store` record the replay.
///
/// Nothing is fed to the store from a log that fails: a line that cannot be
/// decoded throws an ``ActionLogError`` naming the line and the reason, and so
/// do a line marking something that was not recorded and a torn last line,
/// unless `options` says to pass over them (the result then counts them).
/// Lines an ``ActionLog`` in this process has yet to write are written first.
///
/// ```swift
/// let replay = try replayActionLog(
///     at: logFile, registry: registry, into: store, options: [.allowingTornLastLine])
/// if !replay.isComplete { print("the log stops early: the app was killed while writing it") }
/// ```
///
/// - Parameters:
///   - url: The log file.
///   - registry: The action types the log was written with.
///   - store: The store to replay into: one made by `createStore` (a scoped
///     store stops the process).
///   - options: What to pass over instead of throwing.
/// - Returns: What was replayed and what was passed over.
/// - Throws: ``ActionLogError``, or the error reading the file.
@discardableResult
public func replayActionLog<State>(
    at url: URL,
    registry: ActionRegistry,
    into store: Store<State>,
    options: ActionLogReplayOptions
) throws -> ActionLogReplay {
    try replayActionLog(at: url, registry: registry, into: store, sessions: .last, options: options)
}

/// Replays the chosen sessions of an action log into `store`'s reducer: each
/// session starts from the state its header recorded (when it recorded one
/// and `State` is `Decodable`; otherwise from the store's state then), and
/// its actions and jumps follow, as in
/// ``replayActionLog(at:registry:into:options:)``.
///
/// ```swift
/// let log = try ActionLogSessions.read(at: logFile)
/// try replayActionLog(at: logFile, registry: registry, into: store, sessions: .session(2))
/// try replayActionLog(at: logFile, registry: registry, into: store, sessions: .from(log.sessions.count - 2))
/// ```
///
/// Setting a session's starting state is not counted in
/// ``ActionLogReplay/jumps``; a torn line ending any chosen session counts as
/// ``ActionLogReplay/tornLastLine``.
///
/// - Parameters:
///   - url: The log file (its rotated files are read too).
///   - registry: The action types the log was written with.
///   - store: The store to replay into: one made by `createStore`.
///   - sessions: Which sessions: ``ActionLogSessionSelection/last`` (what
///     ``replayActionLog(at:registry:into:options:)`` replays), one, from one
///     on, or all.
///   - options: What to pass over instead of throwing.
/// - Returns: What was replayed and what was passed over.
/// - Throws: ``ActionLogError`` (``ActionLogError/Reason/noSuchSession(_:)``
///   for a number the log does not have), or the error reading the file.
@discardableResult
public func replayActionLog<State>(
    at url: URL,
    registry: ActionRegistry,
    into store: Store<State>,
    sessions: ActionLogSessionSelection,
    options: ActionLogReplayOptions = []
) throws -> ActionLogReplay {
    guard let core = store.core else { Misuse.fail(DevtoolsMisuse.replayNeedsARootStore) }
    let log = try ActionLogReader<State>(
        log: try ActionLogRawLog.read(at: url), sessions: sessions, registry: registry, options: options)
    for step in log.steps {
        switch step {
        case .action(let action): _ = core.dispatch(action)
        case .jump(let index): core.jump(to: log.states[index])
        }
    }
    return log.summary
}

/// Replays an action log into `store`'s reducer; see
/// ``replayActionLog(at:registry:into:options:)``, which also says how much
/// was passed over.
///
/// - Parameters:
///   - url: The log file.
///   - registry: The action types the log was written with.
///   - store: The store to replay into: one made by `createStore`.
///   - skippingUnrecorded: Whether to pass over lines marking what was not recorded.
/// - Returns: How many actions were fed to the reducer.
/// - Throws: ``ActionLogError``, or the error reading the file.
@discardableResult
public func replayActionLog<State>(
    at url: URL,
    registry: ActionRegistry,
    into store: Store<State>,
    skippingUnrecorded: Bool = false
) throws -> Int {
    try replayActionLog(
        at: url, registry: registry, into: store, options: skippingUnrecorded ? [.skippingUnrecorded] : []
    ).replayed
}
