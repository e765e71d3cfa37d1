extension Store where State: Sendable {
    /// Dispatches an async thunk's action and returns the run's handle, typed.
    ///
    /// Swift picks this overload over the untyped `dispatch(_:)` whenever the
    /// argument is an ``/ReduxKitLinuxEffects/AsyncThunkAction`` of this
    /// store's state, as in `store.dispatch(loadTodos())`. The body starts at
    /// once and runs up to its first real suspension before this returns (as
    /// in Redux Toolkit); the run's results come back on `isolation`, the
    /// actor the caller runs on, which the store lives on from then on (see
    /// ``/ReduxKitLinux/Store/dispatch(_:isolation:)-(A,_)``). Stops the process if
    /// the store has no `thunkMiddleware()`, since the run would never start,
    /// if the thunk is typed for another state (its body would never run), or
    /// if no actor was ever known for the store and no `SharedStore` holds it
    /// (a store only ever used from nonisolated code), since its results could
    /// not come back without a data race.
    ///
    /// - Parameters:
    ///   - action: Made by calling an ``/ReduxKitLinuxEffects/AsyncThunk``.
    ///   - isolation: The actor the caller runs on, if any; leave it out.
    /// - Returns: A handle to await or cancel the run.
    @discardableResult
    public func dispatch<Argument, Value>(
        _ action: AsyncThunkAction<State, Argument, Value>,
        isolation: isolated (any Actor)? = #isolation
    ) -> AsyncThunkHandle<Value> {
        if let isolation { settleRoutes(on: isolation) }
        return AsyncThunkStarted.handle(in: dispatch(action as any Action), as: Value.self)
    }

    /// Dispatches an async thunk's action and returns the run's handle, typed:
    /// the former spelling of `dispatch(_:)`, which it calls.
    ///
    /// - Parameters:
    ///   - action: Made by calling an ``/ReduxKitLinuxEffects/AsyncThunk``.
    ///   - isolation: The actor the caller runs on, if any; leave it out.
    /// - Returns: A handle to await or cancel the run.
    @available(*, deprecated, renamed: "dispatch(_:)", message: "Call dispatch(_:) with the thunk's action.")
    @discardableResult
    public func dispatch<Argument, Value>(
        thunk action: AsyncThunkAction<State, Argument, Value>,
        isolation: isolated (any Actor)? = #isolation
    ) -> AsyncThunkHandle<Value> {
        dispatch(action)
    }
}

extension SharedStore {
    /// Dispatches an async thunk's action and returns the run's handle, typed;
    /// see the `Store` overload of `dispatch(_:)` that takes an
    /// ``/ReduxKitLinuxEffects/AsyncThunkAction``. The run's results come back
    /// under the shared store's lock, from whatever task dispatched it.
    ///
    /// - Parameter action: Made by calling an ``/ReduxKitLinuxEffects/AsyncThunk``.
    /// - Returns: A handle to await or cancel the run.
    @discardableResult
    public func dispatch<Argument, Value>(_ action: AsyncThunkAction<State, Argument, Value>) -> AsyncThunkHandle<
        Value
    > {
        return AsyncThunkStarted.handle(in: dispatch(action as any Action), as: Value.self)
    }

    /// Dispatches an async thunk's action and returns the run's handle, typed:
    /// the former spelling of `dispatch(_:)`, which it calls.
    ///
    /// - Parameter action: Made by calling an ``/ReduxKitLinuxEffects/AsyncThunk``.
    /// - Returns: A handle to await or cancel the run.
    @available(*, deprecated, renamed: "dispatch(_:)", message: "Call dispatch(_:) with the thunk's action.")
    @discardableResult
    public func dispatch<Argument, Value>(thunk action: AsyncThunkAction<State, Argument, Value>) -> AsyncThunkHandle<
        Value
    > {
        dispatch(action)
    }
}
