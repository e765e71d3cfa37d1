/// What the async thunks dispatched to a scoped store run with: a runner, and
/// a way back for their context and results into a scoped store like that one
/// (same parent, same closures, none of its subscriptions).
///
/// A run goes on when the scoped store it was dispatched to is freed (the
/// scoped store may well be a temporary, `store.view(…).dispatch(loadItems(…))`):
/// this object keeps itself, and so its twin scoped store and the root store,
/// alive until its last run has ended, so the run's actions always arrive.
/// Cancel a run through its handle.
///
/// The way back is an ``StoreRoute`` like a root store's. On an actor, it is
/// settled on the actor the root's route was settled on: the twin,
/// made from the scoped store in its domain, is in the root store's region, so
/// on that actor, and the argument ``ActorBoundLink`` gives holds for it. In a
/// `SharedStore`, it goes through a shared store over the twin, under the
/// root's lock.
final class ScopedEffects<Parent, Child> {
    /// Runs the async thunks, counted (and cancellable) with the root chain's effects.
    private var runner: EffectRunner?
    let route: StoreRoute<Child>
    /// The twin scoped store that `route` reaches.
    private let entry: Store<Child>
    /// A shared store over `entry`, under the root's lock, once one is needed.
    private var sharedEntry: AnyObject?
    /// How many runs have not ended yet.
    private var running = 0
    /// `self` while runs are going on.
    private var keptAlive: ScopedEffects?

    init(scope twin: ScopedStoreBackend<Parent, Child>) {
        entry = Store(backend: twin)
        let link = MiddlewareLink<Child>()
        link.connect(to: entry)
        // Holding the actor: this object keeps itself alive only until its runs end.
        route = StoreRoute(link: link, holdsActor: true)
    }

    /// Starts `action`'s run; `dispatch` dispatches its pending action and
    /// `getState` reads the state its condition sees. `actor` is the one the
    /// root's route was settled on (the root store's actor), `tracker` the
    /// root chain's, which counts and can cancel the run, `cancellations` the
    /// root's runs tagged for cancellation by ID.
    ///
    /// - Returns: The run's handle, wrapped for the middleware chain.
    func start<Argument, Value>(
        _ action: AsyncThunkAction<Child, Argument, Value>, dispatch: @escaping DispatchFunction,
        getState: @escaping () -> Child, actor: (any Actor)?, tracker: EffectTracker, dependencies: EffectDependencies,
        cancellations: ThunkCancellations
    ) -> AsyncThunkStarted where Child: Sendable {
        route.settle(on: actor)
        let runner = self.runner ?? EffectRunner(tracker: tracker)
        self.runner = runner
        if sharedEntry == nil, let lock = (entry.backend as? ScopedStoreBackend<Parent, Child>)?.sharedLock {
            let shared = SharedStore(scoped: entry, lock: lock)
            sharedEntry = shared
            route.routeThrough(shared: shared)
        }
        guard route.ensureWayBack() else { Misuse.fail(Misuse.noWayBackIntoStore) }
        let handle = self.route.withOwnersThread {
            action.startRun(
                in: AsyncThunkEnvironment(
                    dispatch: dispatch, getState: getState, store: WeakStore(self.route), runner: runner,
                    dependencies: dependencies, cancellations: cancellations))
        }
        running += 1
        keptAlive = self
        let route = self.route
        Task {
            await handle.ended()  // the body included, if it outlived a cancellation
            _ = await route.dispatch(ScopedRunEnded())
        }
        return AsyncThunkStarted(handle: handle)
    }

    /// Lets this object go once no run is left.
    func runEnded() {
        running -= 1
        if running == 0 { keptAlive = nil }
    }
}

/// Tells the scoped store a run's effects go through that the run has ended
/// (its result is already dispatched); it goes no further.
struct ScopedRunEnded: ScopeHandledAction {
    func run<Parent, Child>(in scope: ScopedStoreBackend<Parent, Child>) -> (any Action)? {
        (scope.attachment as? ScopedEffects<Parent, Child>)?.runEnded()
        return self
    }
}

extension ScopedStoreBackend {
    /// What this scoped store's async thunks run with: the one in use (its
    /// ``ScopedStoreBackend/attachment``), or a new one over a twin of it, so
    /// that runs still going when this scoped store is freed keep only that.
    func effectsInUse() -> ScopedEffects<Parent, Child> {
        if let effects = attachment as? ScopedEffects<Parent, Child> { return effects }
        let twin = self.twin()
        let effects = ScopedEffects(scope: twin)
        twin.attachment = effects
        attachment = effects
        return effects
    }

    /// A scoped store of its own with this one's parent, closures and shared
    /// lock, and none of its subscriptions: what async thunks still running
    /// when this scoped store is freed keep alive instead of it. Made here, in
    /// this scoped store's domain, so it is in the root store's region.
    func twin() -> ScopedStoreBackend<Parent, Child> {
        let twin = ScopedStoreBackend(parent: parent, derive: derive, isRepeat: isRepeat, embed: embed)
        twin.sharedLock = sharedLock
        return twin
    }
}
