/// What the async thunks dispatched to a scoped store run with: a runner, and
/// a way back for their context and results into a scoped store like that one
/// (same parent, same closures, none of its subscriptions).
///
/// A run goes on when the scoped store it was dispatched to is freed (the
/// scoped store may well be a temporary, `store.view(…).dispatch(loadItems(…))`):
/// this object is kept alive (``ScopedRunsLife``), and so its twin scoped
/// store, until its last run has ended and that run's last action has been
/// applied, so the run's actions always arrive. On an actor or under a
/// `SharedStore`, the twin holds the root store too, which lives until then;
/// in a store a task owns, the twin holds the root weakly
/// (`WeakParentBackend`), so the task dropping the store frees it, whatever
/// its scoped runs had left for the task to apply. Cancel a run through its
/// handle.
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
    /// Keeps this object alive while runs go on.
    let life = ScopedRunsLife()
    /// For a row's scope: its watch in the collection's table of departures,
    /// which cancels the runs when the row leaves (as TCA cancels a removed
    /// element's effects); freed with this object once no run is left.
    private var rowWatch: RowWatch?

    init(scope twin: ScopedStoreBackend<Parent, Child>) {
        entry = Store(backend: twin)
        let link = MiddlewareLink<Child>()
        link.connect(to: entry)
        // Holding the actor: this object lives only until its runs end.
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
        life.began(keeping: self)
        let handle = self.route.withOwnersThread {
            action.startRun(
                in: AsyncThunkEnvironment(
                    dispatch: dispatch, getState: getState, store: WeakStore(self.route), runner: runner,
                    dependencies: dependencies, cancellations: cancellations))
        }
        cancelRunsOnceGone()
        let route = self.route
        let ended = ScopedRunEnded(token: ScopedRunToken(life))
        Task {
            await handle.ended()  // the body included, if it outlived a cancellation
            // After the run's last action: applied, or freed unapplied with the store.
            _ = await route.dispatch(ended)
        }
        return AsyncThunkStarted(handle: handle)
    }

    /// For a row's scope (an element of an array, an `IdentifiedArray` or an
    /// `EntityState`): cancels the runs now if the row is gone, or has its
    /// collection's one table of departures tell this object when it goes
    /// (``rowLeft()``).
    private func cancelRunsOnceGone() {
        guard let row = (entry.backend as? ScopedStoreBackend<Parent, Child>)?.row else { return }
        if row.isGone() {
            runner?.cancelAll()
        } else if rowWatch == nil {
            rowWatch = row.watch(self)
        }
    }
}

extension ScopedEffects: RowDepartureObserver {
    /// The row left its collection: its runs are cancelled, and a run
    /// started later (the row back) watches again.
    func rowLeft() {
        rowWatch = nil
        runner?.cancelAll()
    }
}

/// Keeps a scoped store's ``ScopedEffects`` alive while its runs go on, and
/// lets it go when the last one ends, from whatever thread that happens on.
///
/// Why no race is possible, although the object it keeps is not `Sendable`:
/// it holds one retain of it (as a bit pattern, under its lock), taken in the
/// store's domain when a run begins, and never calls anything on it. The last
/// release may run the object's `deinit` on another thread; that `deinit`
/// touches nothing of the store's domain: it releases `Sendable` objects (its
/// runner, its route, its shared store, which takes its lock, its row's
/// watch, whose release counts down an atomic), and its twin scoped store,
/// which subscribes to nothing (its `deinit` disposes no subscription) and
/// holds its parent by a reference count (or weakly), whose release is
/// atomic, and, for a row's, the row's last value, which the row's
/// collection holds only weakly (a weak reference is cleared atomically).
final class ScopedRunsLife: Sendable {
    private let status = Locked<(running: Int, retained: UInt)>((0, 0))

    /// Notes a run beginning: `object` is kept alive until the last run ends.
    func began(keeping object: AnyObject) {
        status.withLock { status in
            status.running += 1
            if status.retained == 0 {
                status.retained = UInt(bitPattern: Unmanaged.passRetained(object).toOpaque())
            }
        }
    }

    /// Notes a run ended (its last action applied, or dropped with the store).
    func ended() {
        let released = status.withLock { status -> UInt in
            status.running -= 1
            guard status.running == 0 else { return 0 }
            defer { status.retained = 0 }
            return status.retained
        }
        guard let pointer = UnsafeRawPointer(bitPattern: released) else { return }
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }
}

/// Ends a run's life when it is freed: after the scoped store applied the
/// ``ScopedRunEnded`` carrying it, or with a store a task owns that never did.
final class ScopedRunToken: Sendable {
    private let life: ScopedRunsLife

    init(_ life: ScopedRunsLife) {
        self.life = life
    }

    deinit {
        life.ended()
    }
}

/// Dispatched through a run's way back after its last action: the scoped store
/// takes it and goes no further, and freeing it ends the run's life.
struct ScopedRunEnded: ScopeHandledAction {
    let token: ScopedRunToken

    func run<Parent, Child>(in scope: ScopedStoreBackend<Parent, Child>) -> (any Action)? {
        self
    }
}

extension ScopedStoreBackend {
    /// What this scoped store's async thunks run with: the one in use (its
    /// ``ScopedStoreBackend/attachment``), or a new one over a twin of it, so
    /// that runs still going when this scoped store is freed keep only that.
    ///
    /// - Parameter holdingTheRoot: Whether the twin holds its parent
    ///   strongly (on an actor, under a shared store), or weakly (in a store a
    ///   task owns).
    func effectsInUse(holdingTheRoot: Bool) -> ScopedEffects<Parent, Child> {
        if let effects = attachment as? ScopedEffects<Parent, Child> { return effects }
        let twin = self.twin(holdingTheParent: holdingTheRoot)
        let effects = ScopedEffects(scope: twin)
        twin.attachment = effects
        attachment = effects
        return effects
    }

    /// A scoped store of its own with this one's parent, closures and shared
    /// lock, and none of its subscriptions: what async thunks still running
    /// when this scoped store is freed keep alive instead of it. Made here, in
    /// this scoped store's domain, so it is in the root store's region.
    func twin(holdingTheParent: Bool) -> ScopedStoreBackend<Parent, Child> {
        let parent = holdingTheParent ? parent : Store(backend: WeakParentBackend(parent))
        let twin = ScopedStoreBackend(parent: parent, derive: derive, isRepeat: isRepeat, embed: embed)
        twin.sharedLock = sharedLock
        twin.row = row
        return twin
    }
}
