// A thunk or an async thunk, which a scoped store of its state runs in its own
// terms: with the scoped store's `dispatch` (its actions embedded in the
// parent's) and `getState` (the derived state), once the root's thunk
// middleware has accepted it.
//
// How it stays sound, although a scoped store's `derive` and `embed` closures
// are not `Sendable` and actions are: those closures never go into an action.
// The scoped store sends a ``ScopedEffectRequest`` (only the effect, which is
// `Sendable`) up through its parent, so every middleware of the root sees it;
// the root's thunk middleware answers with a ``ScopedEffectAccepted`` (the
// actor its route was settled on, `Sendable` too); and the scoped store, still inside
// the same dispatch, in its own domain, runs the effect with its own closures.
// (`ScopeHandledAction` is the core's hook for it.)

extension Thunk: ScopeHandledAction {
    package func run<Parent, Child>(in scope: ScopedStoreBackend<Parent, Child>) -> (any Action)? {
        guard let thunk = self as? Thunk<Child> else { return nil }
        return scope.run(thunk)
    }
}

extension AsyncThunkAction: ScopeHandledAction {
    package func run<Parent, Child>(in scope: ScopedStoreBackend<Parent, Child>) -> (any Action)? {
        guard let scope = scope as? ScopedStoreBackend<Parent, State> else { return nil }
        return scope.start(self)
    }
}

/// What a scoped store dispatches to its parent for a thunk or async thunk of
/// its own state: the root's thunk middleware answers it with
/// ``ScopedEffectAccepted`` and stops it there. Middleware before the thunk
/// middleware see it (its `type` is the effect's); in a store without the
/// thunk middleware it reaches the reducers, which ignore it, as they ignore a
/// thunk there.
struct ScopedEffectRequest: Action {
    /// The thunk or async thunk's action.
    let effect: any Action

    var type: String { effect.type }
}

/// The thunk middleware's answer to a ``ScopedEffectRequest``: run it.
struct ScopedEffectAccepted: Action {
    /// The actor the root store lives on, as its route was settled, or `nil`
    /// if none is known (or the store is shared).
    let actor: (any Actor)?
    /// The dependencies the thunk middleware was given.
    let dependencies: EffectDependencies
    /// The root chain's tracker, which counts (and can cancel) the run.
    let tracker: EffectTracker
    /// The root store's async thunk runs tagged for cancellation, which the run joins.
    let cancellations: ThunkCancellations
}

extension ScopedStoreBackend {
    /// Runs `thunk` with this scoped store's `dispatch` and `getState`, if the
    /// root's thunk middleware accepts it.
    ///
    /// - Returns: The thunk, as the thunk middleware returns it.
    func run(_ thunk: Thunk<Child>) -> any Action {
        parent.backend.serialize {
            guard parent.dispatch(ScopedEffectRequest(effect: thunk)) is ScopedEffectAccepted else { return thunk }
            thunk.body({ self.dispatch($0) }, { self.getState() })
            return thunk
        }
    }

    /// Starts an async thunk's run, if the root's thunk middleware accepts it:
    /// its pending action is dispatched through this scoped store now, and its
    /// context and results go through a scoped store like this one (see
    /// ``ScopedEffects``).
    ///
    /// - Returns: The run's ``AsyncThunkHandle`` in an ``AsyncThunkStarted``,
    ///   or the action itself if no thunk middleware accepted it.
    func start<Argument, Value>(
        _ action: AsyncThunkAction<Child, Argument, Value>
    ) -> any Action where Child: Sendable {
        parent.backend.serialize {
            guard let accepted = parent.dispatch(ScopedEffectRequest(effect: action)) as? ScopedEffectAccepted else {
                return action
            }
            // In a store a task owns (no actor, no shared store), the twin holds the root weakly.
            return effectsInUse(holdingTheRoot: accepted.actor != nil || sharedLock != nil).start(
                action, dispatch: { self.dispatch($0) }, getState: { self.getState() }, actor: accepted.actor,
                tracker: accepted.tracker, dependencies: accepted.dependencies,
                cancellations: accepted.cancellations)
        }
    }
}

extension CancelEffects: ScopeHandledAction {
    /// Goes up to the parent as it is, not embedded in a parent action, so the
    /// root store's effect middleware cancel the runs tagged with its ID.
    package func run<Parent, Child>(in scope: ScopedStoreBackend<Parent, Child>) -> (any Action)? {
        scope.parent.backend.serialize { scope.parent.dispatch(self) }
    }
}
