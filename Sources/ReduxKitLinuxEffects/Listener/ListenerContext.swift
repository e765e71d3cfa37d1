/// What a listener's effect gets (RTK's `listenerApi`): the state before and
/// after the action, a way to dispatch and read the state from its task (in
/// the store's own domain, so `async`), its dependencies, and control over its
/// own run and listener. Waiting (`take`, `condition`, `delay`, `pause`) and
/// child tasks (`fork`) are in the extensions that follow.
///
/// Everything an effect starts from its task (async thunks it dispatches, its
/// forks) is cancelled when its run is.
public struct ListenerContext<State: Sendable>: AsyncDispatchingStore {
    /// The state before the action was reduced.
    public let stateBefore: State
    /// The state when the dispatch of the action had finished.
    public let stateAfter: State
    /// What the listener middleware was given (see ``EffectDependencies``); RTK's `extra`.
    public let dependencies: EffectDependencies
    let store: WeakStore<State>
    let run: ListenerRun<State>
    let hub: ListenerHub<State>

    init(stateBefore: State, stateAfter: State, run: ListenerRun<State>, hub: ListenerHub<State>) {
        self.stateBefore = stateBefore
        self.stateAfter = stateAfter
        self.dependencies = hub.dependencies
        self.store = hub.store
        self.run = run
        self.hub = hub
    }

    /// Dispatches `action` through the store's whole middleware chain; does
    /// nothing once the store is gone, nor once this run (or, inside a fork,
    /// the fork) is cancelled, unless the listener's `cancelledDispatches` is
    /// ``CancelledDispatches/deliver``. An async thunk's action goes to the
    /// overload that returns its run's typed handle.
    ///
    /// - Parameter action: The action to dispatch.
    /// - Returns: What the dispatch returned, or `nil` if the store is gone
    ///   or the run was cancelled (and nothing was dispatched).
    @discardableResult
    @_disfavoredOverload  // the typed overloads of `AsyncDispatchingStore` win for their actions
    nonisolated(nonsending) public func dispatch(_ action: any Action) async -> (any Action)? {
        if run.listener.cancelledDispatches.drops(run.isCancelled) { return nil }
        return await store.dispatch(action)
    }

    /// The store's current state.
    ///
    /// - Returns: The state, read now (not when the effect started).
    /// - Throws: `CancellationError` if the store is gone.
    nonisolated(nonsending) public func getState() async throws -> State {
        try await store.getState()
    }

    /// RTK's `getOriginalState()`: the state before the action was reduced.
    ///
    /// - Returns: ``stateBefore``.
    public func getOriginalState() -> State {
        stateBefore
    }

    /// Whether this run was cancelled (RTK's `signal.aborted`); inside a
    /// ``fork(autoJoin:_:)`` body, whether the fork was.
    public var isCancelled: Bool { run.isCancelled || Task.isCancelled }

    /// Throws if this run (or, inside a fork, the fork) was cancelled (RTK's
    /// `throwIfCancelled()`).
    ///
    /// - Throws: `CancellationError` if ``isCancelled``.
    public func checkCancellation() throws {
        if isCancelled { throw CancellationError() }
    }

    /// Cancels this run (RTK's `cancel()`): what it waits on throws
    /// `CancellationError`, and what it started is cancelled.
    public func cancel() {
        run.cancel()
    }

    /// Cancels this listener's other runs going on in this store, and what
    /// they started (RTK's `cancelActiveListeners()`).
    public func cancelActiveListeners() {
        hub.cancelRuns(of: run.listener.id, except: run)
    }

    /// Removes this listener (RTK's `unsubscribe()`): no new run starts; this
    /// run and the others going on go on.
    public func unsubscribe() {
        hub.registry.remove(run.listener.id, cancelActive: false)
    }

    /// Adds this listener back after ``unsubscribe()`` (RTK's `subscribe()`),
    /// with its policy and effect; its ``ListenerSubscription`` counts it again.
    public func subscribe() {
        hub.registry.subscribe(run.listener)
    }
}
