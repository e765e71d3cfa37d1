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
/// Each task runs as an ``EffectTask`` of its own, made before the task starts;
/// a task started from inside another effect's task (an async thunk an effect
/// dispatched, a listener's fork) is adopted by that effect and cancelled with it. Running
/// tasks are counted by the chain's ``EffectTracker``, if it has one, and each
/// has an ``EffectActivity``, which a test clock's advance follows.
final class EffectRunner: Sendable {
    private struct Running {
        /// The effects started and not ended, by key, in the order started.
        var effects: [UInt64: EffectTask] = [:]
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

    /// Cancels every effect in `running` (one still starting as soon as its task is given).
    private static func cancel(_ running: Locked<Running>) {
        let effects = running.withLock { running in
            running.effects.sorted { $0.key < $1.key }.map(\.value)  // in the order started
        }
        for effect in effects { effect.cancel() }
    }

    /// Starts `operation` in a task of its own, isolated to `actor`.
    ///
    /// When the caller runs on `actor` (or `actor` is `nil`), the task starts
    /// at once, unless `startsLater`: it runs synchronously up to its first
    /// suspension before this returns. Otherwise it starts on `actor` as soon
    /// as the actor is free.
    /// The task is cancelled if the runner goes first, or if the effect whose
    /// task calls this is cancelled (before the task starts, too: it then
    /// starts cancelled).
    ///
    /// - Parameters:
    ///   - origin: The kind of effect the task runs, its ``EffectOrigin/current``.
    ///   - effect: The task's ``EffectTask``, made by the caller before the
    ///     task starts if it must cancel it (a fresh one by default, its
    ///     activity named after `origin`).
    ///   - actor: The actor the store lives on (`nil` under a shared store,
    ///     whose effects run in no actor).
    ///   - caller: Where the caller runs: `actor` itself when the caller is the
    ///     store's middleware, which runs in the store's domain (the region
    ///     argument of `ActorBoundLink` puts that on `actor`).
    ///   - startsLater: Whether the task waits until the caller's synchronous
    ///     work is done (a listener's fork, as RTK's starts after a microtask),
    ///     wherever the caller runs.
    ///   - operation: The effect; it runs on the task's isolation.
    /// - Returns: The task.
    func run<Success: Sendable>(
        _ origin: EffectOrigin, effect: EffectTask? = nil, on actor: (any Actor)?, from caller: (any Actor)?,
        startsLater: Bool = false, _ operation: nonisolated(nonsending) @escaping @Sendable () async -> Success
    ) -> Task<Success, Never> {
        let effect = effect ?? EffectTask(activity: EffectActivity(origin.rawValue))
        let parent = EffectTask.current
        // Known to the runner and to its parent before it starts, so a
        // cancellation from its first steps reaches it.
        let key = running.withLock { running in
            defer { running.nextKey &+= 1 }
            running.effects[running.nextKey] = effect
            return running.nextKey
        }
        let keyInParent = parent?.adopt(effect)
        tracker?.begin()
        let finish: @Sendable () -> Void = { [weak self, tracker] in
            effect.activity?.ends()
            effect.ended()
            self?.forget(key)
            if let keyInParent { parent?.release(keyInParent) }
            tracker?.end()
        }
        let task: Task<Success, Never>
        if !startsLater, let actor, let caller, caller === actor {
            task = actor.assumeIsolated { actor in Self.startHere(on: actor, origin, effect, operation, then: finish) }
        } else if !startsLater, actor == nil {
            task = Self.startHere(on: nil, origin, effect, operation, then: finish)
        } else {
            // It begins later: an advance following the effect starting it waits for it too.
            effect.activity?.beginsLater(startedBy: EffectActivity.current)
            task = Task { await Self.perform(on: actor, origin, effect, operation, then: finish) }
        }
        effect.started { task.cancel() }
        // A dispatch's own effect (not one another effect started), for a handle on it.
        if parent == nil, let collector = EffectCollector.current { collector.collect(task) }
        return task
    }

    /// The task, isolated to `actor`, started on the caller's executor, which is `actor`'s.
    private static func startHere<Success: Sendable>(
        on actor: isolated (any Actor)?, _ origin: EffectOrigin, _ effect: EffectTask,
        _ operation: nonisolated(nonsending) @escaping @Sendable () async -> Success,
        then finish: @escaping @Sendable () -> Void
    ) -> Task<Success, Never> {
        Task.immediate {
            await perform(on: actor, origin, effect, operation, then: finish)
        }
    }

    /// Runs `operation` on `actor`, as `effect` (and so its activity), marked as `origin`, then calls `finish`.
    private static func perform<Success: Sendable>(
        on actor: isolated (any Actor)?, _ origin: EffectOrigin, _ effect: EffectTask,
        _ operation: nonisolated(nonsending) @Sendable () async -> Success,
        then finish: @Sendable () -> Void
    ) async -> Success {
        // Each closure names `actor`, which isolates it to `actor` (a closure
        // that does not would run on no actor, and hop there first).
        let result = await EffectOrigin.$current.withValue(origin) {
            _ = actor
            return await EffectTask.$current.withValue(effect) {
                _ = actor
                return await withTaskCancellationHandler {
                    _ = actor
                    return await operation()
                } onCancel: {
                    effect.cancel()
                }
            }
        }
        finish()
        return result
    }

    /// Forgets an effect whose task ended.
    private func forget(_ key: UInt64) {
        _ = running.withLock { $0.effects.removeValue(forKey: key) }
    }
}

/// A runner held weakly, by what its own tasks keep: the chain owns the
/// runner, so a task holding it would keep it (and the effects it cancels
/// when the store is freed) alive.
struct WeakEffectRunner: Sendable {
    weak var runner: EffectRunner?

    init(_ runner: EffectRunner) {
        self.runner = runner
    }
}
