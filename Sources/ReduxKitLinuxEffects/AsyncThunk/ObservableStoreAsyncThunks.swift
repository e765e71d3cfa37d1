extension ObservableStore where State: Sendable {
    /// Dispatches an async thunk's action from the main actor and returns the
    /// run's handle, typed, as `Store.dispatch(_:)` does for one (the model's
    /// readers are told of the pending action's changes when this returns).
    ///
    /// - Parameter action: Made by calling an ``/ReduxKitLinuxEffects/AsyncThunk`` of the model's state.
    /// - Returns: A handle to await or cancel the run.
    @discardableResult
    public func dispatch<Argument, Value>(_ action: AsyncThunkAction<State, Argument, Value>) -> AsyncThunkHandle<
        Value
    > {
        return AsyncThunkStarted.handle(in: dispatch(action as any Action), as: Value.self)
    }
}
