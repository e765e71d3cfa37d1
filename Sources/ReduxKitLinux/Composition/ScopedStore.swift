extension Store {
    /// A store for part of this one (Idea.swift's `store.view(value:action:)`):
    /// its state is derived from this store's, and the child's own actions are
    /// embedded in this store's actions when dispatched.
    ///
    /// ```swift
    /// let view1Store: Store<[String]> = parentStore.view(
    ///     value: { $0.view1State },
    ///     action: { ParentActions.view1($0) }
    /// )
    /// view1Store.dispatch(View1Actions.addName)  // dispatches ParentActions.view1(.addName)
    /// ```
    ///
    /// Dispatching a `ChildAction` to the scoped store dispatches `action(it)` to
    /// this store, through its middleware; any other action passes through
    /// unchanged. The scoped store's subscribers are called only when the derived
    /// value changes (by `==`), and never with an older value than they have.
    /// Disposing a scoped subscription removes it from this store; so does
    /// freeing the scoped store (it disposes the subscriptions made through it).
    /// The scoped store keeps this store alive, and lives in the same isolation
    /// domain. A scoped store has no reducer of its own: `replaceReducer` on it
    /// stops the process.
    ///
    /// A ``/ReduxKitLinuxEffects/Thunk`` or an ``/ReduxKitLinuxEffects/AsyncThunk``'s action of the child's state,
    /// dispatched to the scoped store, goes up to this store's
    /// `thunkMiddleware()` (every middleware before it sees it) and runs in
    /// the scoped store's terms: its `getState` returns the child's state, and
    /// its `dispatch` embeds child actions. An async thunk's run goes on if the
    /// scoped store is freed first: it keeps what it needs (and so this store)
    /// until it ends.
    ///
    /// - Parameters:
    ///   - value: Derives the child's state from this store's.
    ///   - action: Embeds a child action in one of this store's actions.
    /// - Returns: The scoped store.
    public func view<Child: Equatable, ChildAction: Action>(
        value: @escaping (State) -> Child,
        action: @escaping (ChildAction) -> any Action
    ) -> Store<Child> {
        scoped(value: value, isRepeat: ==, embed: embedding(action))
    }

    /// A store for part of this one, whose state is not `Equatable`: its
    /// subscribers are called after every dispatch to this store. Otherwise as
    /// the `Equatable` form of `view(value:action:)`.
    ///
    /// - Parameters:
    ///   - value: Derives the child's state from this store's.
    ///   - action: Embeds a child action in one of this store's actions.
    /// - Returns: The scoped store.
    public func view<Child, ChildAction: Action>(
        value: @escaping (State) -> Child,
        action: @escaping (ChildAction) -> any Action
    ) -> Store<Child> {
        scoped(value: value, isRepeat: nil, embed: embedding(action))
    }

    /// A store for part of this one, whose actions all pass through unchanged;
    /// its subscribers are called only when the derived value changes.
    ///
    /// - Parameter value: Derives the child's state from this store's.
    /// - Returns: The scoped store.
    public func view<Child: Equatable>(value: @escaping (State) -> Child) -> Store<Child> {
        scoped(value: value, isRepeat: ==, embed: { $0 })
    }

    /// A store for part of this one, whose actions all pass through unchanged
    /// and whose state is not `Equatable`: its subscribers are called after
    /// every dispatch to this store.
    ///
    /// - Parameter value: Derives the child's state from this store's.
    /// - Returns: The scoped store.
    public func view<Child>(value: @escaping (State) -> Child) -> Store<Child> {
        scoped(value: value, isRepeat: nil, embed: { $0 })
    }

    /// The scoped store every `view` makes (and a row's, ``view(element:in:)``):
    /// `value` derives its state, `isRepeat` (if any) tells a repeated value,
    /// `embed` turns what is dispatched to it into this store's action.
    func scoped<Child>(
        value: @escaping (State) -> Child,
        isRepeat: ((Child, Child) -> Bool)?,
        embed: @escaping (any Action) -> any Action,
        row: RowMembership? = nil
    ) -> Store<Child> {
        let backend = ScopedStoreBackend(parent: self, derive: value, isRepeat: isRepeat, embed: embed)
        backend.row = row
        return Store<Child>(backend: backend)
    }

    private func embedding<ChildAction: Action>(
        _ embed: @escaping (ChildAction) -> any Action
    ) -> (any Action) -> any Action {
        { action in (action as? ChildAction).map(embed) ?? action }
    }
}

/// The backend of a scoped store: reads, dispatches and subscribes through its
/// parent store, and disposes its subscriptions when it is freed.
package final class ScopedStoreBackend<Parent, Child>: StoreBackend {
    package let parent: Store<Parent>
    /// Derives the child's state from the parent's.
    package let derive: (Parent) -> Child
    /// Whether a derived state repeats the last one (`nil`: every state is new).
    package let isRepeat: ((Child, Child) -> Bool)?
    /// Embeds a child action in the parent's (any other action passes as it is).
    package let embed: (any Action) -> any Action
    /// The parent subscriptions made through this scoped store, to dispose when
    /// it goes, by a number of their own (a handle's address could be reused
    /// once the handle is freed).
    private var subscriptions: [UInt64: any ReduxDisposable] = [:]
    private var nextSubscription: UInt64 = 0
    /// The one slot a product attaches what it keeps for this scoped store
    /// to, weakly (what it attaches keeps itself alive as long as it needs).
    package weak var attachment: AnyObject?
    /// The lock of the shared store holding this scoped store, if any: work
    /// it started gets back into it under that lock.
    package var sharedLock: StoreLock?
    /// For a row's store over an identified collection (an array, an
    /// `IdentifiedArray`, an `EntityState`): its place in the collection's
    /// one table of departures, which tells work it started (a product's,
    /// as the effects product's runs of a row's async thunks) that the row
    /// left, found where the collection's ids change rather than by a
    /// watcher per row. The row it shows follows the reductions that name
    /// it (``RowLastValues``), and it is read after each dispatch through
    /// this store, so it is the row as it last was when the row leaves.
    package var row: RowMembership?

    package init(
        parent: Store<Parent>, derive: @escaping (Parent) -> Child, isRepeat: ((Child, Child) -> Bool)?,
        embed: @escaping (any Action) -> any Action
    ) {
        self.parent = parent
        self.derive = derive
        self.isRepeat = isRepeat
        self.embed = embed
    }

    deinit {
        for subscription in subscriptions.values {
            subscription.dispose()
        }
    }

    package func dispatch(_ action: any Action) -> any Action {
        if let handled = action as? any ScopeHandledAction, let result = handled.run(in: self) { return result }
        let result = parent.backend.serialize { parent.dispatch(embed(action)) }
        if row != nil { _ = getState() }  // keeps the row as it last was, should it leave
        return result
    }

    package func serialize(_ body: () -> any Action) -> any Action {
        parent.backend.serialize(body)
    }

    package func getState() -> Child {
        parent.backend.read(derive)
    }

    package func read<Result>(_ body: (Child) -> Result) -> Result {
        parent.backend.read { body(derive($0)) }
    }

    package func subscribe(_ makeSubscriber: (Child) -> (Child) -> Void) -> any ReduxDisposable {
        let derive = self.derive
        let isRepeat = self.isRepeat
        let parentSubscription = parent.backend.subscribe { parentState in
            let start = derive(parentState)
            let subscriber = makeSubscriber(start)
            guard let isRepeat else { return { subscriber(derive($0)) } }
            let deliver = skippingRepeats(from: start, isRepeat: isRepeat, to: subscriber)
            return { deliver(derive($0)) }
        }
        let key = nextSubscription
        nextSubscription &+= 1
        subscriptions[key] = parentSubscription
        return ScopedSubscription(parentSubscription, key: key, owner: self)
    }

    /// Stops tracking a subscription that was disposed through its handle.
    func forget(_ key: UInt64) {
        subscriptions[key] = nil
    }

    package func replaceReducer(_ reducer: @escaping InPlaceReducer<Child>) {
        Misuse.fail(Misuse.replaceReducerOnScopedStore)
    }

    /// A scoped store has no routes of its own: what its work attaches lives
    /// in the root's chain.
    package func routeAttachments() -> [AnyObject & Sendable] { [] }

    /// The root store's inbox: a scoped store's owner is its root's.
    package func inbox(creating: Bool) -> StoreInbox? {
        parent.backend.inbox(creating: creating)
    }

    /// Records the lock of `shared`, the shared store holding this scoped
    /// store, so work it starts gets back in under that lock. (The parent's
    /// routes lead into the parent, not through a shared store of this
    /// child's state.)
    package func routeThrough(shared: AnyObject & Sendable) {
        sharedLock = (shared as? any LockSharing)?.lock
    }

    /// Settles the root store's routes: a scoped store's work runs in the root's chain.
    package func settleRoutes(on actor: any Actor) {
        parent.settleRoutes(on: actor)
    }
}

/// The handle a scoped store's `subscribe` returns: disposes the parent
/// subscription and stops the scoped store tracking it.
final class ScopedSubscription<Parent, Child>: ReduxDisposable {
    private let parentSubscription: any ReduxDisposable
    private let key: UInt64
    private weak let owner: ScopedStoreBackend<Parent, Child>?

    init(_ parentSubscription: any ReduxDisposable, key: UInt64, owner: ScopedStoreBackend<Parent, Child>) {
        self.parentSubscription = parentSubscription
        self.key = key
        self.owner = owner
    }

    var disposed: Bool { parentSubscription.disposed }

    func dispose() {
        parentSubscription.dispose()
        owner?.forget(key)
    }
}
