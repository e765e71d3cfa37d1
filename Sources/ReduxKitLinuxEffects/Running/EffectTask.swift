/// One effect's task, made before the task starts: the one object that owns
/// the race between a task's start and its handle.
///
/// An effect's task starts at once (`Task.immediate`): its synchronous first
/// part runs, and may end the effect or cancel it (an effect that cancels its
/// own run, a dispatch that cancels it by ID), before the `Task` handle exists.
/// So everything that may cancel an effect holds this object, never the task:
/// its runner, the effect that started it (its parent), a cancellation ID's
/// table, a handle. Cancelling marks it cancelled, cancels its task now or as
/// soon as the task is given (``started(_:)``), and cancels its children, the
/// effects started from inside its task, and every child adopted later. The
/// task's end (``ended()``) drops the handle, whatever came first.
///
/// Every task an ``EffectRunner`` starts runs with its own `EffectTask` as the
/// task-local ``current``. A dispatch made from that task (through an effect
/// context, on the store's actor or under its shared store's lock) stays in
/// the same task, so a run started by that dispatch is adopted by it. One
/// that is never started is a group: a listener run's forks.
final class EffectTask: Sendable {
    /// The effect the current task runs for; `nil` outside effects.
    @TaskLocal static var current: EffectTask?

    /// Where the task is, from before it starts to its end.
    private enum Stage {
        /// Made; its task has not been given yet (its synchronous part may be running).
        case starting
        /// The task was given and has not ended: what cancels it.
        case running(cancel: @Sendable () -> Void)
        /// The task ended (possibly before it was given).
        case ended
    }

    private struct State {
        var stage = Stage.starting
        var cancelled = false
        /// What cancels each child, by the key ``adopt(_:)`` gave it.
        var children: [UInt64: @Sendable () -> Void] = [:]
        var nextKey: UInt64 = 0
    }

    private let state = Locked(State())
    /// What a test clock's advance follows of the task (see ``EffectActivity``);
    /// `nil` for a group no task runs in.
    let activity: EffectActivity?

    /// An effect not started yet.
    ///
    /// - Parameter activity: The activity of the task that will run it.
    init(activity: EffectActivity? = nil) {
        self.activity = activity
    }

    /// Whether the effect was cancelled: by ``cancel()``, or by its task's cancellation.
    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Gives the effect's task, once its start has returned; cancels it at
    /// once if the effect was cancelled first. Does nothing if it already ended.
    ///
    /// - Parameter cancelTask: Cancels the task.
    func started(_ cancelTask: @escaping @Sendable () -> Void) {
        let cancelNow = state.withLock { state -> Bool in
            guard case .starting = state.stage else { return false }
            state.stage = .running(cancel: cancelTask)
            return state.cancelled
        }
        if cancelNow { cancelTask() }
    }

    /// Notes that the effect's task ended: nothing cancels it any more.
    func ended() {
        state.withLock { $0.stage = .ended }
    }

    /// Cancels the effect: its task (now, or once given), its children, and
    /// every child adopted from now on.
    func cancel() {
        let (cancelTask, children) = state.withLock { state -> ((@Sendable () -> Void)?, [@Sendable () -> Void]) in
            state.cancelled = true
            defer { state.children = [:] }
            let children = state.children.sorted { $0.key < $1.key }.map(\.value)  // in the order adopted
            if case .running(let cancel) = state.stage { return (cancel, children) }
            return (nil, children)
        }
        cancelTask?()
        for child in children { child() }
    }

    /// Makes `child` cancelled with this effect (at once, if it already was).
    ///
    /// - Parameter child: An effect started from inside this one's task.
    /// - Returns: The key for ``release(_:)``, or `nil` if `child` was cancelled at once.
    @discardableResult
    func adopt(_ child: EffectTask) -> UInt64? {
        adopt { child.cancel() }
    }

    /// Makes `cancel` run when this effect is cancelled (at once, if it already was).
    ///
    /// - Parameter cancel: Cancels a child.
    /// - Returns: The key for ``release(_:)``, or `nil` if `cancel` ran at once.
    @discardableResult
    func adopt(_ cancel: @escaping @Sendable () -> Void) -> UInt64? {
        let key = state.withLock { state -> UInt64? in
            if state.cancelled { return nil }
            defer { state.nextKey &+= 1 }
            state.children[state.nextKey] = cancel
            return state.nextKey
        }
        if key == nil { cancel() }
        return key
    }

    /// Forgets a child that ended.
    ///
    /// - Parameter key: What ``adopt(_:)`` returned for it.
    func release(_ key: UInt64) {
        _ = state.withLock { $0.children.removeValue(forKey: key) }
    }
}
