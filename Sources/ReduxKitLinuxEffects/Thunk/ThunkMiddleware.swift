/// The middleware that runs ``Thunk``s and ``AsyncThunk``s.
///
/// A `Thunk` is called with `dispatch` and `getState` and goes no further; an
/// async thunk's action starts its run, and the typed `dispatch(_:)` returns
/// the run's ``AsyncThunkHandle``; every other action passes on. Running async
/// thunks are cancelled when the store is freed.
///
/// ```swift
/// @MainActor func makeStore() -> Store<AppState> {
///     createStore(appReducer, nil, applyMiddleware(thunkMiddleware()))
/// }
/// ```
///
/// An async thunk's body runs in a task of its own, and its results come back
/// into the store in the store's domain: on `isolation`, the actor this
/// middleware was created on (the caller's, by default), or under the lock of
/// the `SharedStore` the store is handed to. Created on an actor, the
/// middleware (and the store built with it) belong to that actor: the compiler
/// keeps them there. Created outside any actor (or with `isolation: nil`), it
/// can go into a `SharedStore`; used in a plain ``/ReduxKitLinux/Store`` there, starting an
/// async thunk stops the process with a message naming these two fixes.
///
/// Thunks and async thunks dispatched to a scoped store of this store come
/// here too, and run in the scoped store's terms (see ``Thunk`` and
/// ``AsyncThunk``).
///
/// - Parameters:
///   - dependencies: What async thunk bodies read from `context.dependencies`.
///   - isolation: The actor the store lives on; leave it out.
/// - Returns: The middleware, for `applyMiddleware`.
public func thunkMiddleware<State: Sendable>(
    dependencies: Dependencies = Dependencies(), isolation: isolated (any Actor)? = #isolation
) -> Middleware<State> {
    let actor = isolation
    return { api in
        api.route.settle(on: actor)
        let runner = EffectRunner(tracker: api.route.tracker)
        let store = api.weakStore
        let kinds = ActionKindCache { ThunkActionKind.of($0, sendableState: State.self) }
        return { next in
            { action in
                switch kinds.kind(of: action) {
                case .other:
                    return next(action)
                case .thunk:
                    (action as! Thunk<State>).body(api.dispatch, api.getState)
                    return action
                case .asyncThunk:
                    guard store.route.hasWayBack else { Misuse.fail(Misuse.asyncEffectWithoutWayBack) }
                    return (action as! any AsyncThunkStarting<State>).start(
                        in: AsyncThunkEnvironment(
                            dispatch: api.dispatch, getState: api.getState, store: store, runner: runner,
                            dependencies: dependencies))
                case .scopedRequest:
                    return ScopedEffectAccepted(actor: actor, dependencies: dependencies)
                }
            }
        }
    }
}

/// The middleware that runs ``Thunk``s, for a store whose state is not
/// `Sendable` (async thunks need a `Sendable` state, to hand it across tasks).
///
/// Async thunks of a `Sendable` child state, dispatched to a scoped store of
/// this store, run too (see ``AsyncThunk``), and come back on `isolation`.
///
/// - Parameters:
///   - dependencies: What the scoped stores' async thunk bodies read from
///     `context.dependencies`.
///   - isolation: The actor the store lives on; leave it out.
/// - Returns: The middleware, for `applyMiddleware`.
public func thunkMiddleware<State>(
    dependencies: Dependencies = Dependencies(), isolation: isolated (any Actor)? = #isolation
) -> Middleware<State> {
    let actor = isolation
    return { api in
        let kinds = ActionKindCache { ThunkActionKind.of($0, state: State.self) }
        return { next in
            { action in
                switch kinds.kind(of: action) {
                case .other, .asyncThunk:
                    return next(action)
                case .thunk:
                    (action as! Thunk<State>).body(api.dispatch, api.getState)
                    return action
                case .scopedRequest:
                    return ScopedEffectAccepted(actor: actor, dependencies: dependencies)
                }
            }
        }
    }
}
