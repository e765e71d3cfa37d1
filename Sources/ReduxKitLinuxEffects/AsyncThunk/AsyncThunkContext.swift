/// What an ``AsyncThunk``'s body gets: its run's identifier, the store's
/// dependencies, a way to dispatch and read the state from its task, and
/// Redux Toolkit's `rejectWithValue` and `fulfillWithValue`.
///
/// Dispatching and reading run in the store's own domain (on its actor, or
/// under its `SharedStore`'s lock), so they are `async`. What the body
/// starts through `dispatch(_:)` (an async thunk's action answers its handle)
/// is cancelled with its run.
public struct AsyncThunkContext<State: Sendable>: AsyncDispatchingStore {
    /// The run.
    public let requestID: RequestID
    /// What the thunk middleware was given (see ``EffectDependencies``): Redux
    /// Toolkit's `extra`.
    public let dependencies: EffectDependencies
    let store: WeakStore<State>
    /// Where ``fulfillWithValue(_:meta:)`` leaves its meta for the run.
    let fulfilledMeta: Locked<AsyncThunkPayload?>
    /// What happens to dispatches once the run is cancelled.
    let cancelledDispatches: CancelledDispatches
    /// Whether the run was cancelled.
    let runIsCancelled: @Sendable () -> Bool
    /// Returns once the run has settled (its last lifecycle action dispatched).
    let runSettled: nonisolated(nonsending) @Sendable () async -> Void

    init(
        requestID: RequestID, dependencies: EffectDependencies, store: WeakStore<State>,
        cancelledDispatches: CancelledDispatches, runIsCancelled: @escaping @Sendable () -> Bool,
        runSettled: nonisolated(nonsending) @escaping @Sendable () async -> Void
    ) {
        self.requestID = requestID
        self.dependencies = dependencies
        self.store = store
        self.fulfilledMeta = Locked(nil)
        self.cancelledDispatches = cancelledDispatches
        self.runIsCancelled = runIsCancelled
        self.runSettled = runSettled
    }

    /// Dispatches `action` through the store's whole middleware chain; does
    /// nothing once the store is gone, nor once the run is cancelled (unless
    /// the thunk's `cancelledDispatches` is ``CancelledDispatches/deliver``).
    /// An async thunk's action goes to the overload that returns its run's
    /// typed handle.
    ///
    /// Under ``CancelledDispatches/deliver``, what a cancelled run's body
    /// dispatches comes after the run's own ``AsyncThunk/Rejected`` action
    /// (marked `wasCancelled`), every time: the dispatch waits for the run to
    /// settle first.
    ///
    /// - Parameter action: The action to dispatch.
    /// - Returns: What the dispatch returned, or `nil` if the store is gone
    ///   or the run was cancelled (and nothing was dispatched).
    @discardableResult
    @_disfavoredOverload  // the typed overloads of `AsyncDispatchingStore` win for their actions
    nonisolated(nonsending) public func dispatch(_ action: any Action) async -> (any Action)? {
        if cancelledDispatches.drops(runIsCancelled()) { return nil }
        // Delivered after the cancelled run's `Rejected`, which settling it dispatches.
        if runIsCancelled() { await runSettled() }
        return await store.dispatch(action)
    }

    /// The store's current state.
    ///
    /// - Returns: The state, read now (not when the effect started).
    /// - Throws: `CancellationError` if the store is gone (its effects are then
    ///   being cancelled).
    nonisolated(nonsending) public func getState() async throws -> State {
        try await store.getState()
    }

    /// Rejects the run with a payload of the body's own (Redux Toolkit's
    /// `rejectWithValue`): throw what this returns. The ``AsyncThunk/Rejected``
    /// action then carries `value` (read it with `rejectedValue(as:)`, or
    /// match it with `rejectedWithValue(_:)`), and the run's handle throws
    /// the ``RejectedWithValue`` error.
    ///
    /// ```swift
    /// guard response.ok else { throw context.rejectWithValue(APIProblem(response)) }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The payload; `Encodable` if the action is to be logged.
    ///   - meta: A meta for the ``AsyncThunk/Rejected`` action (read it with `meta(as:)`).
    /// - Returns: The error to throw.
    public func rejectWithValue(_ value: some Sendable, meta: (any Sendable)? = nil) -> RejectedWithValue {
        RejectedWithValue(payload: .given(value), meta: meta.map { .given($0) })
    }

    /// Fulfils the run with `value` and a meta for its ``AsyncThunk/Fulfilled``
    /// action (Redux Toolkit's `fulfillWithValue`): return what this returns.
    ///
    /// ```swift
    /// return context.fulfillWithValue(todos, meta: Page(next: cursor))
    /// ```
    ///
    /// The meta of the last call goes on the run's ``AsyncThunk/Fulfilled``
    /// action, whatever value the body returns.
    ///
    /// - Parameters:
    ///   - value: The run's value.
    ///   - meta: The meta (read it with `meta(as:)`); `Encodable` if the
    ///     action is to be logged.
    /// - Returns: `value`.
    public func fulfillWithValue<Value>(_ value: Value, meta: any Sendable) -> Value {
        fulfilledMeta.withLock { $0 = .given(meta) }
        return value
    }
}

/// What an ``AsyncThunk``'s condition and `pendingMeta` get (Redux Toolkit's
/// `{ getState, extra }`): the state when the thunk was dispatched, and the
/// store's dependencies.
public struct AsyncThunkConditionContext<State: Sendable>: Sendable {
    /// The run the condition decides on.
    public let requestID: RequestID
    /// The store's state when the thunk was dispatched.
    public let state: State
    /// What the thunk middleware was given (see ``EffectDependencies``).
    public let dependencies: EffectDependencies
    let store: WeakStore<State>

    /// The store's current state, for an `asyncCondition` that waited.
    ///
    /// - Returns: The state, read now.
    /// - Throws: `CancellationError` if the store is gone.
    nonisolated(nonsending) public func getState() async throws -> State {
        try await store.getState()
    }
}
