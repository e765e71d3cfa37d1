/// The effects one store's middleware started, cancelled together when the
/// middleware chain is freed with its store.
///
/// The runner lives in the middleware's closures, which the store owns; its
/// tasks hold nothing but a ``/ReduxKitLinux/WeakStore``, so a running effect never keeps the
/// store alive, and freeing the store cancels every effect still running.
///
/// Each task starts at once, as Redux Toolkit's effects do: it runs
/// synchronously, inside the dispatch that started it, up to its first real
/// suspension (`Task.immediate`). On an actor it is isolated to the store's
/// actor, so an effect's reads and dispatches before it awaits anything else
/// happen inside that dispatch; under a ``/ReduxKitLinux/SharedStore`` it runs in no actor, on
/// the dispatching thread (which holds the store's lock) until it suspends.
///
/// Each task runs in an ``EffectScope`` of its own; a task started from inside
/// another effect's task (an async thunk an effect dispatched, a listener's
/// fork) is adopted by that effect's scope and cancelled with it. Running
/// tasks are counted by the chain's ``EffectTracker``, if it has one, and each
/// has an ``EffectActivity``, which a test clock's advance follows.
final class EffectRunner: Sendable {
    private struct Running {
        var cancels: [UInt64: @Sendable () -> Void] = [:]
        /// Tasks whose start has not returned yet (so not registered).
        var starting: Set<UInt64> = []
        /// Tasks that ended before their start returned.
        var endedEarly: Set<UInt64> = []
        /// Tasks cancelled (with all the runner's) before their start returned.
        var cancelledEarly: Set<UInt64> = []
        var nextKey: UInt64 = 0
    }

    private let running = Locked(Running())
    private let tracker: EffectTracker?
    /// This runner's key with `tracker`, which can cancel its tasks.
    private let trackerKey: UInt64?

    /// - Parameter tracker: Counts the running tasks (the chain's, from its
    ///   route), and can cancel them all.
    init(tracker: EffectTracker? = nil) {
        self.tracker = tracker
        let running = self.running
        trackerKey = tracker?.register { Self.cancel(running) }
    }

    deinit {
        if let trackerKey { tracker?.unregister(trackerKey) }
        Self.cancel(running)
    }

    /// Cancels every task this runner started that is still running.
    func cancelAll() {
        Self.cancel(running)
    }

    /// Cancels every task in `running`.
    private static func cancel(_ running: Locked<Running>) {
        let cancels = running.withLock { running in
            running.cancelledEarly.formUnion(running.starting)
            return running.cancels.sorted { $0.key < $1.key }.map(\.value)  // in the order started
        }
        for cancel in cancels { cancel() }
    }

    /// Starts `operation` in a task of its own, isolated to `actor`.
    ///
    /// When the caller runs on `actor` (or `actor` is `nil`), the task starts
    /// at once, unless `startsLater`: it runs synchronously up to its first
    /// suspension before this returns. Otherwise it starts on `actor` as soon
    /// as the actor is free.
    /// The task is cancelled if the runner goes first, or if the effect whose
    /// task calls this is cancelled.
    ///
    /// - Parameters:
    ///   - origin: The kind of effect the task runs, its ``EffectOrigin/current``.
    ///   - scope: The new task's own scope, with its ``EffectActivity`` (a
    ///     fresh one by default, its activity named after `origin`).
    ///   - actor: The actor the store lives on (`nil` under a shared store,
    ///     whose effects run in no actor).
    ///   - caller: Where the caller runs: `actor` itself when the caller is the
    ///     store's middleware, which runs in the store's domain (the region
    ///     argument of `ActorBoundLink` puts that on `actor`).
    ///   - startsLater: Whether the task waits until the caller's synchronous
    ///     work is done (a listener's fork, as RTK's starts after a microtask),
    ///     wherever the caller runs.
    ///   - activity: The task's ``EffectActivity`` (a new one by default).
    ///   - operation: The effect; it runs on the task's isolation.
    func run<Success: Sendable>(
        _ origin: EffectOrigin, scope: EffectScope? = nil, on actor: (any Actor)?, from caller: (any Actor)?,
        startsLater: Bool = false, _ operation: nonisolated(nonsending) @escaping @Sendable () async -> Success
    ) -> Task<Success, Never> {
        let adoption = EffectScope.current.map(EffectAdoption.init(by:))
        let scope = scope ?? EffectScope(activity: EffectActivity(origin.rawValue))
        let activity = scope.activity
        tracker?.begin()
        let key = running.withLock { running in
            defer { running.nextKey &+= 1 }
            running.starting.insert(running.nextKey)
            return running.nextKey
        }
        let finish: @Sendable () -> Void = { [weak self, tracker] in
            activity?.ends()
            self?.finished(key)
            adoption?.childEnded()
            tracker?.end()
        }
        let task: Task<Success, Never>
        if !startsLater, let actor, let caller, caller === actor {
            task = actor.assumeIsolated { actor in Self.startHere(on: actor, origin, scope, operation, then: finish) }
        } else if !startsLater, actor == nil {
            task = Self.startHere(on: nil, origin, scope, operation, then: finish)
        } else {
            // It begins later: an advance following the effect starting it waits for it too.
            activity?.beginsLater(startedBy: EffectActivity.current)
            task = Task { await Self.perform(on: actor, origin, scope, operation, then: finish) }
        }
        // Registered after the start, which may have run the whole effect, or
        // cancelled the runner's tasks (its own included) on the way.
        let cancelNow = running.withLock { running -> Bool in
            running.starting.remove(key)
            let cancelled = running.cancelledEarly.remove(key) != nil
            if running.endedEarly.remove(key) == nil && !cancelled { running.cancels[key] = { task.cancel() } }
            return cancelled
        }
        if cancelNow { task.cancel() }
        adoption?.adopt { task.cancel() }
        // A dispatch's own effect (not one another effect started), for a handle on it.
        if adoption == nil, let collector = EffectCollector.current { collector.collect(task) }
        return task
    }

    /// The task, isolated to `actor`, started on the caller's executor, which is `actor`'s.
    private static func startHere<Success: Sendable>(
        on actor: isolated (any Actor)?, _ origin: EffectOrigin, _ scope: EffectScope,
        _ operation: nonisolated(nonsending) @escaping @Sendable () async -> Success,
        then finish: @escaping @Sendable () -> Void
    ) -> Task<Success, Never> {
        Task.immediate {
            await perform(on: actor, origin, scope, operation, then: finish)
        }
    }

    /// Runs `operation` on `actor`, in `scope` (and so its activity), marked as `origin`, then calls `finish`.
    private static func perform<Success: Sendable>(
        on actor: isolated (any Actor)?, _ origin: EffectOrigin, _ scope: EffectScope,
        _ operation: nonisolated(nonsending) @Sendable () async -> Success,
        then finish: @Sendable () -> Void
    ) async -> Success {
        // Each closure names `actor`, which isolates it to `actor` (a closure
        // that does not would run on no actor, and hop there first).
        let result = await EffectOrigin.$current.withValue(origin) {
            _ = actor
            return await EffectScope.$current.withValue(scope) {
                _ = actor
                return await withTaskCancellationHandler {
                    _ = actor
                    return await operation()
                } onCancel: {
                    scope.cancelAll()
                }
            }
        }
        finish()
        return result
    }

    private func finished(_ key: UInt64) {
        running.withLock { running in
            if running.cancels.removeValue(forKey: key) == nil { running.endedEarly.insert(key) }
        }
    }
}
