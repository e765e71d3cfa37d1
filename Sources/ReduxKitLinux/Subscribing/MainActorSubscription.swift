extension Store {
    /// Adds a subscriber isolated to the main actor: the spelling
    /// `store.subscribe { @MainActor state in … }` picks this method, which is
    /// itself main-actor isolated, so calling it ties the store to the main actor
    /// and the compiler refuses to let another thread use the store afterwards.
    ///
    /// (Without it, Swift 6.3 would convert the explicitly `@MainActor` closure to
    /// the plain subscriber type, and forget that the store may now only be used
    /// on the main actor.) Otherwise the same as ``subscribe(_:)``. A store that
    /// other threads dispatch to must be a ``SharedStore``, with
    /// ``SharedStore/subscribe(isolated:includingCurrentState:)``: sending this
    /// store to another task afterwards fails to compile with `passing closure
    /// as a 'sending' parameter risks causing data races between main
    /// actor-isolated code and concurrent execution of the closure`.
    ///
    /// - Parameter subscriber: Called with each new state, on the main actor.
    /// - Returns: A handle whose `dispose()` removes this subscriber.
    @MainActor
    @discardableResult
    public func subscribe(_ subscriber: @escaping @MainActor (State) -> Void) -> any ReduxDisposable {
        subscribe(includingCurrentState: false, subscriber)
    }

    /// Adds a main-actor subscriber that first receives the current state; see
    /// ``subscribe(includingCurrentState:_:)`` and the main-actor form of
    /// `subscribe(_:)`.
    ///
    /// - Parameters:
    ///   - includingCurrentState: Whether to call `subscriber` with the current
    ///     state before this method returns.
    ///   - subscriber: Called with each state, on the main actor.
    /// - Returns: A handle whose `dispose()` removes this subscriber.
    @MainActor
    @discardableResult
    public func subscribe(
        includingCurrentState: Bool, _ subscriber: @escaping @MainActor (State) -> Void
    ) -> any ReduxDisposable {
        let handle = addSubscriber(making: { _ in { state in subscriber(state) } })
        if includingCurrentState { subscriber(getState()) }
        return handle
    }

    /// Replaces the reducer with one isolated to the main actor, tying the store
    /// to the main actor; see ``replaceReducer(_:)-(Reducer<State>)``.
    ///
    /// - Parameter reducer: The reducer to use from now on.
    @MainActor
    public func replaceReducer(_ reducer: @escaping @MainActor (State?, any Action) -> State) {
        backend.replaceReducer { state, action in state = reducer(state, action) }
    }

    /// Replaces the reducer with an in-place one isolated to the main actor,
    /// tying the store to the main actor; see ``replaceReducer(_:)-(Reducer<State>)``.
    ///
    /// - Parameter reducer: The in-place reducer to use from now on.
    @MainActor
    public func replaceReducer(_ reducer: @escaping @MainActor (inout State, any Action) -> Void) {
        backend.replaceReducer { state, action in reducer(&state, action) }
    }
}
