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
/// An async thunk's body starts at once, inside the dispatch (as in Redux
/// Toolkit): it runs up to its first real suspension before `dispatch`
/// returns, then goes on in a task of its own. Its results come back into the
/// store in the store's domain: on the actor the store lives on (learned where
/// it is dispatched to: see ``/ReduxKitLinux/DispatchingStore/dispatch(_:isolation:)-(A,_)``),
/// or under the lock of the `SharedStore` the store is handed to. The
/// middleware itself belongs to no actor, so it can be made anywhere (an
/// actor's stored property or `init`, a test) and go into a `SharedStore` or a
/// `TestStore`.
///
/// Thunks and async thunks dispatched to a scoped store of this store come
/// here too, and run in the scoped store's terms (see ``Thunk`` and
/// ``AsyncThunk``).
///
/// - Parameter dependencies: What async thunk bodies read from `context.dependencies`.
/// - Returns: The middleware, for `applyMiddleware`.
public func thunkMiddleware<State: Sendable>(dependencies: EffectDependencies = EffectDependencies()) -> Middleware<
    State
> {
    { api in
        let runner = EffectRunner(tracker: api.route.effectTracker)
        let store = api.weakStore
        let cancellations = ThunkCancellations()
        let kinds = ActionTypeMemo { ActionTypeFactsTable.shared.facts(of: $0, for: State.self).thunkKind }
        startsAsyncThunksAwayFromTheOwner(
            of: api.route, runner: runner, dependencies: dependencies, cancellations: cancellations)
        return { next in
            { action in
                switch kinds.value(for: action) {
                case .other:
                    return next(action)
                case .cancelEffects:
                    let cancel = action as! CancelEffects
                    cancellations.cancel(id: cancel.key, reason: cancel.reason)
                    return next(action)
                case .thunk:
                    let body = (action as! Thunk<State>).body
                    EffectOrigin.$current.withValue(.thunk) { body(api.dispatch, api.getState) }
                    return action
                case .asyncThunk:
                    guard store.route.ensureWayBack() else { Misuse.fail(Misuse.noWayBackIntoStore) }
                    return store.route.withOwnersThread {
                        (action as! any AsyncThunkStarting).start(
                            inEnvironmentOfItsState: AsyncThunkEnvironment<State>(
                                dispatch: api.dispatch, getState: api.getState, store: store, runner: runner,
                                dependencies: dependencies, cancellations: cancellations))
                    }
                case .foreignAsyncThunk:
                    Misuse.fail(EffectsMisuse.asyncThunkOfAnotherState(action.type))
                case .scopedRequest:
                    return ScopedEffectAccepted(
                        actor: api.route.actor, dependencies: dependencies, tracker: api.route.effectTracker,
                        cancellations: cancellations)
                }
            }
        }
    }
}

/// The middleware that runs ``Thunk``s, for a store whose state is not
/// `Sendable` (async thunks need a `Sendable` state, to hand it across tasks).
///
/// Async thunks of a `Sendable` child state, dispatched to a scoped store of
/// this store, run too (see ``AsyncThunk``), and come back on the store's actor.
///
/// - Parameter dependencies: What the scoped stores' async thunk bodies read
///   from `context.dependencies`.
/// - Returns: The middleware, for `applyMiddleware`.
public func thunkMiddleware<State>(dependencies: EffectDependencies = EffectDependencies()) -> Middleware<State> {
    { api in
        let cancellations = ThunkCancellations()
        let kinds = ActionTypeMemo {
            ActionTypeFactsTable.shared.facts(of: $0, for: State.self).thunkKind.refusingAsyncThunks
        }
        return { next in
            { action in
                switch kinds.value(for: action) {
                case .other, .asyncThunk:
                    return next(action)
                case .cancelEffects:
                    let cancel = action as! CancelEffects
                    cancellations.cancel(id: cancel.key, reason: cancel.reason)
                    return next(action)
                case .foreignAsyncThunk:
                    Misuse.fail(EffectsMisuse.asyncThunkOfAnotherState(action.type))
                case .thunk:
                    let body = (action as! Thunk<State>).body
                    EffectOrigin.$current.withValue(.thunk) { body(api.dispatch, api.getState) }
                    return action
                case .scopedRequest:
                    return ScopedEffectAccepted(
                        actor: api.route.actor, dependencies: dependencies, tracker: api.route.effectTracker,
                        cancellations: cancellations)
                }
            }
        }
    }
}

/// Lets an effect of a store a task owns start an async thunk while the owner
/// is not using the store (see the core's `StoreInbox`): the effect waits for
/// the run's handle, which the owner could only give it at its next use of
/// the store. The run starts at once, in the effect's task: its condition
/// reads the state as the store's last reduction left it, and its pending action (then
/// every action of the run) is posted for the owner to apply, in order.
/// Middleware before this one do not see the thunk's action itself.
private func startsAsyncThunksAwayFromTheOwner<State: Sendable>(
    of route: StoreRoute<State>, runner: EffectRunner, dependencies: EffectDependencies,
    cancellations: ThunkCancellations
) {
    // Weak: the route holds this closure, and the chain holds the runner (so
    // that freeing the store cancels its effects).
    route.answerAwayFromOwner { [weak route, weak runner] action in
        // Every action posted away from the owner comes here: the shared facts tell an async thunk of
        // this state without a cast to a constrained existential.
        guard ActionTypeFactsTable.shared.facts(of: action, for: State.self).thunkKind == .asyncThunk,
            let starting = action as? any AsyncThunkStarting
        else { return nil }
        guard let route, let runner, let state = route.stateAwayFromOwner else { return nil }
        return starting.start(
            inEnvironmentOfItsState: AsyncThunkEnvironment<State>(
                dispatch: { action in
                    route.post(action)
                    return action
                },
                getState: { state }, store: WeakStore(route), runner: runner, dependencies: dependencies,
                cancellations: cancellations))
    }
}
