/// The middleware that runs ``Thunk``s and ``AsyncThunk``s.
///
/// A `Thunk` is called with `dispatch` and `getState` and goes no further; an
/// async thunk's action starts its run and `dispatch` returns the run's
/// ``AsyncThunkHandle``; every other action passes on. Running async thunks are
/// cancelled when the store is freed.
///
/// ```swift
/// let store = createStore(appReducer, nil, applyMiddleware(thunkMiddleware()))
/// ```
///
/// - Returns: The middleware, for `applyMiddleware`.
public func thunkMiddleware<State: Sendable>() -> Middleware<State> {
    { api in
        let runner = EffectRunner()
        let store = api.weakStore
        return { next in
            { action in
                if let thunk = action as? Thunk<State> {
                    thunk.body(api.dispatch, api.getState)
                    return action
                }
                if let start = action as? any AsyncThunkStarting<State> {
                    guard let store else { Misuse.fail(Misuse.asyncThunkWithoutStore) }
                    return start.start(store: store, runner: runner)
                }
                return next(action)
            }
        }
    }
}

/// The middleware that runs ``Thunk``s, for a store whose state is not
/// `Sendable` (async thunks need a `Sendable` state, to hand it across tasks).
///
/// - Returns: The middleware, for `applyMiddleware`.
public func thunkMiddleware<State>() -> Middleware<State> {
    { api in
        { next in
            { action in
                guard let thunk = action as? Thunk<State> else { return next(action) }
                thunk.body(api.dispatch, api.getState)
                return action
            }
        }
    }
}
