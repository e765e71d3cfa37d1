import Foundation

/// What an action log does with an action whose type is not in its registry.
///
/// Such an action cannot be written, so a replay cannot reproduce the run past
/// it. Whatever the choice, the log writes a line naming its type, marked
/// `"unrecorded": true`, where it happened: a replay stops there with
/// ``ActionLogError/Reason/unrecordedAction(type:)``, or, with
/// ``ActionLogReplayOptions/skippingUnrecorded``, passes over it and counts it
/// in ``ActionLogReplay/skippedUnrecorded``. Nothing vanishes without a trace.
public enum UnregisteredActions: Sendable {
    /// Also an error, reported to the log's `onError` in the dispatch that
    /// reduced the action. The default.
    case report
    /// Not an error: the app expects these actions (say, ones its reducer
    /// ignores). The line is still marked, so a replay can say how many it
    /// passed over.
    case skip
    /// The same as ``skip``.
    case mark
}

/// Records everything a store's reducer sees to a JSON Lines file, one line
/// each, so the run can be replayed: ``replayActionLog(at:registry:into:options:)``
/// from the state the store started with ends in the state it ended with.
///
/// ```swift
/// let log = ActionLog<[Todo]>(registry: registry, file: logFile)
/// let store = createStore(todos, [], log.enhancer)
/// store.dispatch(AddTodo(title: "Milk"))
/// log.flush()  // everything so far is in the file
/// ```
///
/// It watches the store's reducer, not a place in the middleware chain, so
/// what it records does not depend on where it sits among the enhancers: every
/// action that reaches the reducer, in the order it does, including actions
/// middleware and effects dispatch, nested dispatches from subscribers, and
/// ``/ReduxKitLinux/ReplaceReducerAction``. Actions middleware swallows (a ``/ReduxKitLinuxEffects/Thunk``) are not
/// recorded: the reducer never sees them. Each time-travel jump
/// (``TimeTravel/undo()`` and the like) is a line too: with a `Codable` state
/// it holds the state jumped to, so a replay ends where the store ended; with
/// any other state, the jump is an error (to `onError`, as it happens) and a
/// marked line, and a replay says the log is incomplete there.
///
/// ```
/// {"session":"6F9619FF-8B86-D011-B42D-00C04FC964FF","timestamp":"2026-11-29T10:00:00.100Z","version":1,"entry":0,"state":[]}
/// {"type":"AddTodo","timestamp":"2026-11-29T10:00:00.123Z","payload":{"title":"Milk"}}
/// {"type":"Tick","timestamp":"2026-11-29T10:00:00.124Z","unrecorded":true}
/// {"jump":true,"timestamp":"2026-11-29T10:00:01.000Z","state":[]}
/// ```
///
/// What cannot be recorded is never left out silently: an action of a type not
/// in the registry is an error at its dispatch (see ``UnregisteredActions``),
/// and an action that fails to encode is reported by the writer, a moment
/// later; both leave a marked line. Errors go to `onError`, which by default
/// writes one line to standard error.
///
/// Each store's run appends a session to the file: a header line with the
/// session's identifier, the time, the state's `version` and (for an
/// `Encodable` state) the state it started from, then its lines. Read a log's
/// sessions with ``ActionLogSessions/read(at:)``; replay one, the last, or
/// from one on with ``replayActionLog(at:registry:into:sessions:options:)``.
/// `rotation` keeps the file bounded (``ActionLogRotation``); `durability`
/// says what a crash can cost (``ActionLogDurability``); with ``Persistence``,
/// ``CrashRecovery`` restores the state after the last logged action.
///
/// The file is opened and locked when the store is created (the lock is on a
/// sidecar file, `.<name>.lock`). One log writes a file: a second log opening
/// it, in this process or another, gets
/// ``ActionLogWriteError/Reason/fileInUse`` and writes nothing. A symbolic
/// link at the path is refused (``ActionLogWriteError/Reason/symbolicLink``).
///
/// Recording costs a dispatch little: the action goes into a buffer, and a
/// thread of the log's own encodes and writes it (so an action's `encode(to:)`
/// runs on that thread; actions are `Sendable`), and nothing is written while
/// the store's code runs. Lines reach the file shortly after, and for certain
/// at ``flush()``, when the log and its store are freed, when the process
/// exits normally, and before ``replayActionLog(at:registry:into:options:)``
/// reads the file in this process (sooner with another ``ActionLogDurability``).
/// A store that gets 65,536 actions ahead of the writer waits for it, so
/// memory stays bounded. A crash can tear the last line; the next launch ends
/// it, so it ends its session, and a replay reports it and can replay the
/// lines before it. An action an effect dispatched (a thunk, an async thunk,
/// a listener) is marked `"effect"`.
///
/// An `ActionLog` records one store (a second stops the process), created by
/// `createStore` (not a scoped store).
public final class ActionLog<State>: Sendable {
    /// The file the log writes.
    public let file: URL
    /// The version of the state's shape written in each session's header.
    public let version: Int
    private let settings: ActionLogRecorder.Settings
    /// For a log that records state changes: what captures a state for the
    /// writer to encode (`nil` otherwise).
    private let stateCapture: (@Sendable (State) -> @Sendable (JSONEncoder) throws -> Data)?
    /// The action types it records.
    var registry: ActionRegistry { settings.registry }
    private let recorder = Locked<(attached: Bool, recorder: ActionLogRecorder?)>((false, nil))

    /// Creates an action log; it opens `file` when its enhancer creates the store.
    ///
    /// - Parameters:
    ///   - registry: The action types to record.
    ///   - file: The file to write. Each store's run appends a session to it.
    ///   - version: The version of the state's shape (as ``Persistence``'s),
    ///     written in each session's header.
    ///   - rotation: When to start a new file, and how many old ones to keep:
    ///     by default ``ActionLogRotation/standard`` (64 MB files, 4 kept), so
    ///     the log stays bounded; `nil` for one file that grows.
    ///   - durability: How soon lines reach the file and the disk.
    ///   - unregistered: Whether an action of a type not in `registry` is an
    ///     error (``UnregisteredActions/report``, the default) or expected.
    ///   - onError: Called with each ``ActionLogWriteError``: in the store's
    ///     domain for what a dispatch or a jump finds (an unregistered action, a
    ///     state that cannot be encoded) and for a file that cannot be opened,
    ///     on the writer's thread for what writing finds. By default, a line to
    ///     standard error.
    public convenience init(
        registry: ActionRegistry,
        file: URL,
        version: Int = 1,
        rotation: ActionLogRotation? = .standard,
        durability: ActionLogDurability = .buffered,
        unregistered: UnregisteredActions = .report,
        onError: @escaping @Sendable (any Error) -> Void = ActionLogWriteError.reportToStandardError
    ) {
        self.init(
            registry: registry, file: file, version: version, rotation: rotation, durability: durability,
            unregistered: unregistered, stateCapture: nil, onError: onError)
    }

    /// Creates an action log, with the state capture of a log that records
    /// state changes, or `nil`.
    init(
        registry: ActionRegistry, file: URL, version: Int, rotation: ActionLogRotation?,
        durability: ActionLogDurability, unregistered: UnregisteredActions,
        stateCapture: (@Sendable (State) -> @Sendable (JSONEncoder) throws -> Data)?,
        onError: @escaping @Sendable (any Error) -> Void
    ) {
        self.file = file
        self.version = version
        self.stateCapture = stateCapture
        settings = ActionLogRecorder.Settings(
            registry: registry, file: file, version: version, unregistered: unregistered, rotation: rotation,
            durability: durability, recordsStateChanges: stateCapture != nil, onError: onError)
    }

    /// The enhancer to create the store with, in any position among the others.
    public var enhancer: StoreEnhancer<State> {
        { next in
            { reducer, state in
                let store = next(reducer, state)
                guard let core = store.core else { Misuse.fail(DevtoolsMisuse.actionLogNeedsARootStore) }
                self.attach(to: core)
                return store
            }
        }
    }

    /// The identifier of the session this log is writing (in its header and
    /// in ``ActionLogSession/id``); `nil` until the store is created.
    public var sessionID: String? {
        recorder.withLock { $0.recorder }?.session
    }

    /// Writes everything recorded so far to the file, and returns when it is
    /// there. (Lines get there soon without it: this is for a point where they
    /// must be.) An error writing finds (an action that cannot be encoded) may
    /// reach `onError` on the log's thread just after this returns.
    public func flush() {
        recorder.withLock { $0.recorder }?.sink?.drain()
    }

    /// Writes everything recorded so far before a saved state that includes
    /// it (crash recovery): to the file, and to the disk when the log syncs.
    /// Returns where the last line written sits, for the saved state to record.
    func flushForSave() -> ActionLogPlace? {
        let sync = settings.durability != .buffered && settings.durability != .eachAction
        return recorder.withLock { $0.recorder }?.sink?.drainForSave(sync: sync)
    }

    /// The writer, once the store is created (for tests).
    var sinkForTesting: ActionLogSink? {
        recorder.withLock { $0.recorder }?.sink
    }

    /// The recorder, once the store is created.
    var activeRecorder: ActionLogRecorder? {
        recorder.withLock { $0.recorder }
    }

    /// Opens the file, starts a session with `core`'s state and records every
    /// reduction and jump of `core`.
    func attach(to core: StoreCore<State>, recovered: ActionLogRecoveryNote? = nil) {
        let starting = core.read { ActionLogRecorder.startingState($0, file: file, onError: settings.onError) }
        let recorder = makeRecorder(startingState: starting, recovered: recovered)
        // The core keeps the recorder alive; nothing here holds the core.
        if let stateCapture {
            core.observe(
                reduced: { action, state in recorder.record(action, state: state, capturing: stateCapture(state)) },
                jumped: { state in recorder.recordJump(to: state) })
        } else {
            core.observe(
                reduced: { action, state in recorder.record(action, state: state) },
                jumped: { state in recorder.recordJump(to: state) })
        }
    }

    /// Opens the file for the log's one store and writes the session's header.
    func makeRecorder(startingState: Data?, recovered: ActionLogRecoveryNote? = nil) -> ActionLogRecorder {
        let alreadyAttached = recorder.withLock { state in
            defer { state.attached = true }
            return state.attached
        }
        if alreadyAttached { Misuse.fail(DevtoolsMisuse.actionLogRecordsOneStore) }
        let made = ActionLogRecorder(settings: settings, startingState: startingState, recovered: recovered)
        recorder.withLock { $0.recorder = made }
        return made
    }
}

extension ActionLog where State: Encodable & Sendable {
    /// Creates an action log that can also record how the state changed with
    /// each action, so the inspector (``ActionLogInspector``) shows the state
    /// after every action from the log alone.
    ///
    /// With `recordingStateChanges`, each action's line gets
    /// `"changes":[…]`: the RFC 6902 operations (`add`, `remove`, `replace`,
    /// with JSON Pointer paths) that turn the state before it into the state
    /// after it. The dispatch hands the state to the log's thread (a
    /// reference, no copy; but a reducer that changes a large state in place
    /// then copies it once, as the log still holds it); that thread encodes
    /// it and compares it with the one before, which costs it time in
    /// proportion to the state's size (measured in `Docs/Performance.md`).
    /// For a large state, leave it off: the inspector then shows the actions,
    /// their payloads and each session's starting state.
    ///
    /// - Parameters:
    ///   - registry: The action types to record.
    ///   - file: The file to write. Each store's run appends a session to it.
    ///   - version: The version of the state's shape, written in each session's header.
    ///   - rotation: When to start a new file, and how many old ones to keep
    ///     (by default ``ActionLogRotation/standard``; `nil` for one file that grows).
    ///   - durability: How soon lines reach the file and the disk.
    ///   - recordingStateChanges: Whether each action's line records the state's changes.
    ///   - unregistered: Whether an action of a type not in `registry` is an error or expected.
    ///   - onError: Called with each ``ActionLogWriteError``; by default, a line to standard error.
    public convenience init(
        registry: ActionRegistry,
        file: URL,
        version: Int = 1,
        rotation: ActionLogRotation? = .standard,
        durability: ActionLogDurability = .buffered,
        recordingStateChanges: Bool,
        unregistered: UnregisteredActions = .report,
        onError: @escaping @Sendable (any Error) -> Void = ActionLogWriteError.reportToStandardError
    ) {
        let capture: @Sendable (State) -> @Sendable (JSONEncoder) throws -> Data = { state in
            { encoder in try DevtoolsJSON.encode(state, with: encoder) }
        }
        self.init(
            registry: registry, file: file, version: version, rotation: rotation, durability: durability,
            unregistered: unregistered, stateCapture: recordingStateChanges ? capture : nil, onError: onError)
    }
}
