import Synchronization

/// One store's side of a ``ListenerMiddleware``: the runs going on, scheduled
/// by their listener's policy, and the effects waiting in `take` or `condition`.
///
/// The store's middleware chain owns it, and so do its running effects; it
/// holds the chain's ``EffectRunner`` weakly, so freeing the store frees the
/// runner, which cancels the effects.
final class ListenerHub<State: Sendable>: Sendable {
    /// An effect waiting in `take` or `condition` for an action.
    struct Waiter: Sendable {
        let predicate: @Sendable (any Action, State, State) -> Bool
        let taken: OneShot<ListenerTaken<State>>
    }

    private struct Status: Sendable {
        /// The runs going on, by listener id, then run id.
        var runs: [UInt64: [UInt64: ListenerRun<State>]] = [:]
        /// The same runs by listener and cancellation ID, for its policy.
        var partitions = NumberedGroups<ListenerPartition, ListenerRun<State>>()
        /// The runs with a cancellation ID, by ID, for ``CancelEffects``.
        var keyed = NumberedGroups<EffectID, ListenerRun<State>>()
        var nextRunID: UInt64 = 0
        var waiters: [UInt64: Waiter] = [:]
        var nextWaiterID: UInt64 = 0
        /// For `.throttle` listeners: whether the window opened by their last
        /// run (for each cancellation ID) is still open.
        var windows: [ListenerPartition: @Sendable () -> Bool] = [:]
    }

    private let status = Locked(Status())
    /// How many waiters `status` holds, kept with it, read without the lock on every dispatch.
    private let waiting = Atomic<Int>(0)
    private let weakRunner: WeakEffectRunner
    let store: WeakStore<State>
    let registry: ListenerRegistry<State>
    let dependencies: EffectDependencies
    let onError: (@Sendable (ListenerFailed) -> Void)?

    init(
        store: WeakStore<State>, runner: EffectRunner, registry: ListenerRegistry<State>,
        dependencies: EffectDependencies, onError: (@Sendable (ListenerFailed) -> Void)?
    ) {
        self.store = store
        self.weakRunner = WeakEffectRunner(runner)
        self.registry = registry
        self.dependencies = dependencies
        self.onError = onError
    }

    /// The store's runner, while the store lives.
    var runner: EffectRunner? { weakRunner.runner }

    /// Whether an effect waits in `take` or `condition`.
    var hasWaiters: Bool { waiting.load(ordering: .acquiring) > 0 }

    /// How many effects wait in `take` or `condition`.
    var waiterCount: Int { status.withLock { $0.waiters.count } }

    // MARK: Runs

    /// Starts a run of `listener` for `action`, as its policy says: among the
    /// listener's runs with the same cancellation ID, if it has one.
    func start(_ listener: ListenerEntry<State>, action: any Action, before: State, after: State) {
        guard let runner else { return }
        // Read only by a throttle (outside the lock): a test's dependencies
        // report a clock read the test did not set, and a listener that waits
        // on no clock must not need one.
        let clock: (any Clock<Duration>)? = if case .throttle = listener.policy { dependencies.clock } else { nil }
        let key = listener.cancellationID.flatMap { $0(action) }.map(EffectID.init)
        let (run, overtaken) = status.withLock { status -> (ListenerRun<State>?, [ListenerRun<State>]) in
            let partition = ListenerPartition(listener: listener.id, key: key)
            func running() -> [ListenerRun<State>] { status.partitions.inOrder(partition) }
            var overtaken: [ListenerRun<State>] = []
            switch listener.policy {
            case .all: break
            case .latest, .debounce: overtaken = running()
            case .leading: if !status.partitions.isEmpty(partition) { return (nil, []) }
            case .throttle(let interval):
                if let isOpen = status.windows[partition], isOpen() { return (nil, []) }
                // One window per key: let closed ones go, so many keys do not pile up.
                if key != nil { status.windows = status.windows.filter { $0.value() } }
                if let clock { status.windows[partition] = window(on: clock, lasting: interval) }
            }
            let run = ListenerRun(id: status.nextRunID, listener: listener, key: key)
            status.nextRunID &+= 1
            status.runs[listener.id, default: [:]][run.id] = run
            status.partitions.insert(run, number: run.id, in: partition)
            if let key { status.keyed.insert(run, number: run.id, in: key) }
            return (run, overtaken)
        }
        for old in overtaken { old.cancel() }
        guard let run else { return }
        // No capture list: Swift 6.3.1 makes a closure with one a plain `async`
        // closure, which would hop off the store's actor before the effect starts.
        _ = runner.run(.listener, effect: run.effect, on: store.route.actor, from: store.route.actor) {
            await self.execute(run, action: action, before: before, after: after)
        }
    }

    nonisolated(nonsending) private func execute(
        _ run: ListenerRun<State>, action: any Action, before: State, after: State
    ) async {
        let context = ListenerContext(stateBefore: before, stateAfter: after, run: run, hub: self)
        do {
            if case .debounce(let interval) = run.listener.policy {
                try await dependencies.clock.sleep(for: interval)
                try context.checkCancellation()
            }
            try await run.listener.effect(action, context)
        } catch is CancellationError {
            // Cancelled by its policy, its context or the store going: not a failure.
        } catch {
            if !context.isCancelled {
                let failure = ListenerFailed(listener: run.listener.name, actionType: action.type, error: error)
                onError?(failure)
                await store.dispatch(failure)
            }
        }
        await run.end()
        status.withLock { status in
            status.runs[run.listener.id]?.removeValue(forKey: run.id)
            if status.runs[run.listener.id]?.isEmpty == true { status.runs.removeValue(forKey: run.listener.id) }
            status.partitions.remove(number: run.id, from: ListenerPartition(listener: run.listener.id, key: run.key))
            if let key = run.key { status.keyed.remove(number: run.id, from: key) }
        }
    }

    /// `runs` in the order they started (run ids count up), so what is
    /// cancelled together is cancelled in one order every time.
    private static func inStartOrder(_ runs: some Sequence<(key: UInt64, value: ListenerRun<State>)>) -> [ListenerRun<
        State
    >] {
        runs.sorted { $0.key < $1.key }.map(\.value)
    }

    /// Cancels every run going on, whether or not its listener is still
    /// registered (one whose effect unsubscribed it still runs): what
    /// clearing the listeners with `cancelActive` does, as RTK's
    /// `clearListeners()` aborts every active listener.
    func cancelAllRuns() {
        let runs = status.withLock { Self.inStartOrder($0.runs.values.flatMap { $0 }) }
        for run in runs { run.cancel() }
    }

    /// Cancels every run going on whose cancellation ID is `id`, whatever its
    /// listener (a ``CancelEffects`` action).
    func cancelRuns(keyed id: EffectID) {
        let runs = status.withLock { $0.keyed.inOrder(id) }
        for run in runs { run.cancel() }
    }

    /// Cancels the runs of listener `id` going on, but `except`.
    func cancelRuns(of id: UInt64, except: ListenerRun<State>?) {
        let runs = status.withLock { $0.runs[id].map { Self.inStartOrder($0) } ?? [] }
        for run in runs where run !== except { run.cancel() }
    }

    // MARK: Waiters

    /// Registers a waiter for the next action `predicate` accepts; every
    /// dispatch from now on is checked against it.
    ///
    /// - Returns: The waiter's key, for ``removeWaiter(_:)``, and what it takes.
    func wait(for predicate: @escaping @Sendable (any Action, State, State) -> Bool) -> (
        UInt64, OneShot<ListenerTaken<State>>
    ) {
        let taken = OneShot<ListenerTaken<State>>()
        let key = status.withLock { status in
            let key = status.nextWaiterID
            status.nextWaiterID &+= 1
            status.waiters[key] = Waiter(predicate: predicate, taken: taken)
            waiting.store(status.waiters.count, ordering: .releasing)
            return key
        }
        registry.waiterAdded()
        return (key, taken)
    }

    /// Forgets a waiter (it took an action, timed out or was cancelled).
    func removeWaiter(_ key: UInt64) {
        status.withLock { status in
            if status.waiters.removeValue(forKey: key) != nil {
                waiting.store(status.waiters.count, ordering: .releasing)
            }
        }
    }

    /// Hands `action` to the waiters that accept it (inside its dispatch).
    func notifyWaiters(_ action: any Action, after: State, before: State) {
        // In the order they began waiting, so they wake in one order every time.
        let waiters = status.withLock { $0.waiters.sorted { $0.key < $1.key } }
        for (key, waiter) in waiters where waiter.predicate(action, after, before) {
            let isWaiting = status.withLock { status in
                guard status.waiters.removeValue(forKey: key) != nil else { return false }
                waiting.store(status.waiters.count, ordering: .releasing)
                return true
            }
            if isWaiting {
                waiter.taken.resolve(.success((action: action, currentState: after, originalState: before)))
            }
        }
    }
}

/// The runs of one listener that its policy schedules together: those with
/// one cancellation ID (or with none).
struct ListenerPartition: Hashable, Sendable {
    let listener: UInt64
    let key: EffectID?
}

/// An action an effect took, with the state after it and the state before it.
typealias ListenerTaken<State> = (action: any Action, currentState: State, originalState: State)

/// Whether a window of `interval` that opens now on `clock` is still open, asked later.
private func window<C: Clock>(on clock: C, lasting interval: Duration) -> @Sendable () -> Bool
where C.Duration == Duration {
    let end = clock.now.advanced(by: interval)
    return { clock.now < end }
}
