/// The way back into a store's domain for work that outlives the dispatch that
/// started it (a task a middleware starts): under the lock of the
/// ``SharedStore`` that took the store over, on the actor the store lives on,
/// or, for a store a task owns, through the store's ``StoreInbox``.
///
/// One route serves one `applyMiddleware` chain. It learns the store's actor
/// where the store is dispatched to: the first dispatch to the store from code
/// isolated to an actor (``DispatchingStore/dispatch(_:isolation:)-(A,_)`` and the typed
/// dispatches take the caller's `#isolation`) settles it there, wherever the
/// store was made. A ``SharedStore`` routes it through its lock when it takes
/// the store. With neither (a store used from nonisolated code: a request
/// handler, a detached task), the task using the store owns it, and the
/// first effect its middleware starts opens the store's inbox
/// (``ensureWayBack()``): effects post what they dispatch there, and the
/// owner applies it at its next use of the store.
///
/// The route knows nothing of what travels on it. A product attaches what it
/// keeps per chain (the effects product counts the chain's tasks) to its one
/// slot, ``attachment(_:)``, and answers itself, away from the owner, the
/// actions whose answer its effects wait for (``answerAwayFromOwner(_:)``).
package final class StoreRoute<State>: StoreRouting, Sendable {
    private struct Ways {
        /// The actor the store lives on, held weakly: an actor usually owns its
        /// store (through a stored property), which owns this route. A store in
        /// an actor's region is reachable only through that actor, so once the
        /// actor is gone so is every use of the store.
        weak var weakActor: (any Actor)?
        /// The actor the store lives on, held strongly: a global actor's
        /// (which lives as long as the process, and a weak reference to it
        /// would only add a side table that is never freed), or the actor of a
        /// route that lives only while the work on it runs (a scoped store's).
        var strongActor: (any Actor)?
        /// The actor the store lives on, once known and while it lives.
        var actor: (any Actor)? { strongActor ?? weakActor }
        /// Whether an actor was ever settled (`actor` is `nil` once it is gone).
        var wasSettled = false
        /// The shared store holding the store (a `SharedStore<State>`).
        weak var shared: (AnyObject & Sendable)?
        /// Whether a shared store ever held the store (`shared` is `nil` once it is gone).
        var wasShared = false
        /// The way through the store's inbox, for a store a task owns (an
        /// `InboxWay<State>`), once ``ensureWayBack()`` opened it.
        var owned: (AnyObject & Sendable)?
        /// The store's inbox, held weakly: the store owns it, so it is gone with the store.
        weak var inbox: StoreInbox?

        /// Whether the store is known to be gone (its actor, shared store or inbox went).
        var storeIsGone: Bool {
            guard shared == nil, actor == nil else { return false }
            return wasShared || wasSettled || (owned != nil && inbox == nil)
        }
    }

    private let ways = Locked(Ways())
    /// What a product attached to the route (see ``attachment(_:)``).
    private let attached = Locked<(AnyObject & Sendable)?>(nil)
    /// What products answer away from a store's owner (see ``answerAwayFromOwner(_:)``).
    private let answerers = Locked<[@Sendable (any Action) -> (any Action)?]>([])
    private let link: ActorBoundLink<State>
    /// Whether the route holds its actor strongly (see `Ways.strongActor`).
    private let holdsActor: Bool

    /// - Parameters:
    ///   - link: The way to the store.
    ///   - holdsActor: Whether to hold the store's actor strongly: for a route
    ///     that lives only while the work on it runs (what a scoped store
    ///     starts), so its last actions still find the actor.
    package init(link: MiddlewareLink<State>, holdsActor: Bool = false) {
        self.link = ActorBoundLink(link: link)
        self.holdsActor = holdsActor
    }

    /// Records the actor the store lives on. `actor` must be the `isolated`
    /// parameter of a call that the store (or, for a hand-made api, the api)
    /// was passed to (see ``ActorBoundLink`` for why that makes it the store's
    /// actor).
    package func settle(on actor: (any Actor)?) {
        guard let actor else { return }
        let strongly = holdsActor || actor is any GlobalActor
        ways.withLock {
            if strongly { $0.strongActor = actor } else { $0.weakActor = actor }
            $0.wasSettled = true
        }
    }

    /// The actor the store lives on, once known; `nil` under a shared store,
    /// whose work runs in no actor and comes back under its lock.
    package var actor: (any Actor)? {
        ways.withLock { $0.shared == nil ? $0.actor : nil }
    }

    /// Sends what comes back through `shared`, the ``SharedStore`` that took the store over.
    package func routeThrough(shared: AnyObject & Sendable) {
        ways.withLock {
            $0.shared = shared
            $0.wasShared = true
        }
    }

    /// Whether work started now could get back into the store.
    package var hasWayBack: Bool {
        ways.withLock { $0.actor != nil || $0.shared != nil || $0.owned != nil }
    }

    /// Makes `answer` see each action an effect dispatches while the store's
    /// owner (a task: see ``StoreInbox``) is not in a call on the store:
    /// what it returns is the dispatch's answer, and the action is not
    /// posted; `nil` posts it. How a product answers at once the actions
    /// whose answer an effect waits for (an async thunk's handle), which the
    /// owner may only apply later.
    package func answerAwayFromOwner(_ answer: @escaping @Sendable (any Action) -> (any Action)?) {
        answerers.withLock { $0.append(answer) }
    }

    /// What a product attached to this route: the one `make` made the first
    /// time any caller asked for a `T` (later calls return it, whatever their
    /// `make`). One product owns the slot; asking for another type is a
    /// programming error of the package. The store lists it
    /// (``StoreBackend/routeAttachments()``) while the route lives: the store
    /// holds its routes weakly, and the chain's middleware keep them (their
    /// ``MiddlewareApi``).
    package func attachment<T: AnyObject & Sendable>(_ make: () -> T) -> T {
        attached.withLock { slot in
            if let slot { return unsafeDowncast(slot, to: T.self) }
            let made = make()
            slot = made
            return made
        }
    }

    /// What a product attached to this route, if anything yet.
    package var currentAttachment: (AnyObject & Sendable)? { attached.withLock { $0 } }
}

extension StoreRoute where State: Sendable {
    /// Whether work started now can get back into the store: on its actor,
    /// through its shared store, or else through its inbox, which this opens
    /// (the task using the store owns it: see ``StoreInbox``). Call it only
    /// in the store's domain (a middleware, inside a dispatch).
    ///
    /// - Returns: Whether there is a way back (`false` only for a store that is gone).
    package func ensureWayBack() -> Bool {
        if hasWayBack { return true }
        guard let store = link.link.currentStore(), let inbox = store.backend.inbox(creating: true) else {
            return false
        }
        let way = InboxWay(inbox: inbox, link: link)
        ways.withLock {
            $0.owned = way
            $0.inbox = inbox
        }
        inbox.register(way)
        way.publishSnapshot()
        return true
    }

    /// Runs `body`, a middleware starting effects (in the store's domain,
    /// inside a dispatch): for a store a task owns, with this thread marked
    /// as the owner's, so what the effects dispatch and read before their
    /// first suspension applies at once, as nested dispatches. For any other
    /// store, just `body`.
    ///
    /// - Returns: What `body` returned.
    package func withOwnersThread<Result>(_ body: () -> Result) -> Result {
        let inbox = ways.withLock { $0.actor == nil && $0.shared == nil && $0.owned != nil ? $0.inbox : nil }
        guard let inbox else { return body() }
        let previous = inbox.markOwnerThread()
        defer { inbox.restoreOwnerThread(previous) }
        return body()
    }

    /// Dispatches `action` through the chain's store, in the store's domain
    /// (for a store a task owns: at once if the owner is in a call on the
    /// store on this thread, else posted for the owner to apply).
    ///
    /// - Returns: What the dispatch returned (the action itself, if posted),
    ///   or `nil` if the store is gone.
    nonisolated(nonsending) package func dispatch(_ action: any Action) async -> (any Action)? {
        let (actor, shared, owned, isGone) = ways.withLock { ($0.actor, $0.shared, $0.owned, $0.storeIsGone) }
        if let shared { return unsafeDowncast(shared, to: SharedStore<State>.self).dispatch(action) }
        if let actor { return await Self.dispatch(action, through: link, on: actor) }
        if let owned {
            let way = unsafeDowncast(owned, to: InboxWay<State>.self)
            return way.dispatch(action, answeredBy: answerers.withLock { $0 })
        }
        if isGone { return nil }  // the shared store or the store's actor is gone
        Misuse.fail(Misuse.noWayBackIntoStore)
    }

    /// Dispatches `action` through the chain's store at once if the caller is
    /// in the store's domain: any thread for a store a ``SharedStore`` holds
    /// (under its lock), `isolation` for a store that lives on that actor.
    /// For a handle's synchronous call that must take effect before it
    /// returns (a query subscription's `unsubscribe()`).
    ///
    /// - Parameter isolation: The actor the caller runs on, if any.
    /// - Returns: Whether the action was dispatched (`false`: the caller is
    ///   elsewhere, or the store is gone; use ``dispatch(_:)`` or ``post(_:)``).
    package func dispatchInDomain(_ action: any Action, isolation: isolated (any Actor)?) -> Bool {
        let (actor, shared) = ways.withLock { ($0.actor, $0.shared) }
        if let shared {
            _ = unsafeDowncast(shared, to: SharedStore<State>.self).dispatch(action)
            return true
        }
        guard let actor, let isolation, actor === isolation else { return false }
        let link = self.link
        // Sound: the caller runs on `isolation`, which is `actor`.
        return actor.assumeIsolated { actor in Self.dispatch(action, through: link, on: actor) != nil }
    }

    /// Runs `body` on the store's current state, in the store's domain (for a
    /// store a task owns, away from the owner's calls: on the state as the
    /// store's last reduction left it).
    ///
    /// - Returns: What `body` returned, or `nil` if the store is gone.
    nonisolated(nonsending) func read<Result: Sendable>(_ body: @escaping @Sendable (State) -> Result) async
        -> Result?
    {
        let (actor, shared, owned, isGone) = ways.withLock { ($0.actor, $0.shared, $0.owned, $0.storeIsGone) }
        if let shared { return body(unsafeDowncast(shared, to: SharedStore<State>.self).getState()) }
        if let actor { return await Self.read(body, through: link, on: actor) }
        if let owned { return unsafeDowncast(owned, to: InboxWay<State>.self).read(body) }
        if isGone { return nil }  // the shared store or the store's actor is gone
        Misuse.fail(Misuse.noWayBackIntoStore)
    }

    /// Posts `action` for the store's owner to apply, without asking the
    /// products' answerers: for a product answering an action away from the
    /// owner (an async thunk's pending action). Does nothing unless the
    /// route's way back is the store's inbox.
    package func post(_ action: any Action) {
        guard let owned = ways.withLock({ $0.owned }) else { return }
        unsafeDowncast(owned, to: InboxWay<State>.self).post(action)
    }

    /// The store's state as its last reduction left it, for a store a task
    /// owns (`nil` for any other).
    package var stateAwayFromOwner: State? {
        guard let owned = ways.withLock({ $0.owned }) else { return nil }
        return unsafeDowncast(owned, to: InboxWay<State>.self).snapshot.withLock { $0 }
    }

    private static func dispatch(
        _ action: any Action, through link: ActorBoundLink<State>, on actor: isolated any Actor
    ) -> (any Action)? {
        link.link.currentStore()?.dispatch(action)
    }

    private static func read<Result: Sendable>(
        _ body: @Sendable (State) -> Result, through link: ActorBoundLink<State>, on actor: isolated any Actor
    ) -> Result? {
        link.link.currentStore().map { body($0.getState()) }
    }
}

/// A chain's ``MiddlewareLink`` (and so its store), carried into the tasks a
/// middleware starts so they can use it on the store's actor.
///
/// Why no race is possible, although the link is not `Sendable`: the link is
/// dereferenced only by `StoreRoute.dispatch(_:through:on:)` and
/// `StoreRoute.read(_:through:on:)`, which are isolated to `actor`, and only
/// when the route was settled on `actor`; or, for a store a task owns, by an
/// ``InboxWay`` inside a call the owner is making on the store (see there). A route is settled only with the
/// `isolated` parameter of a call the store itself was passed to: a store's
/// `dispatch(_:isolation:)` (and its typed dispatches), or, for an api made by
/// hand, `MiddlewareApi.init(dispatch:getState:isolation:)`, which the api's
/// closures were passed to. The compiler merges the non-`Sendable` arguments
/// of a call isolated to `actor` into `actor`'s region (the callee could have
/// stored them there), and `applyMiddleware` and `createStore` merged the
/// store's region with its chain's. So once a route is settled, the store, its
/// chain and this link are in `actor`'s region, and the compiler rejects every
/// use of them outside `actor` (sending the store to another task, or into a
/// ``SharedStore``, does not compile). Every use, the link's here included, is
/// on `actor`. A route a product makes for a scoped store (the effects
/// product's, for a scoped store's async thunks) must be settled on the actor
/// the root's route was settled on, and lead to a scoped store made in the
/// root store's region (as the effects product's `twin()`): the same
/// argument then holds.
struct ActorBoundLink<State>: @unchecked Sendable {
    let link: MiddlewareLink<State>
}

/// What a store's core needs of a route, without its state type.
package protocol StoreRouting: AnyObject {
    /// Sends what comes back through `shared`, a `SharedStore` of the route's state.
    func routeThrough(shared: AnyObject & Sendable)
    /// Records the actor the store lives on (see ``StoreRoute/settle(on:)``).
    func settle(on actor: (any Actor)?)
    /// What a product attached to the route, if anything yet.
    var currentAttachment: (AnyObject & Sendable)? { get }
}

/// A route a store's core knows of, weakly (the chain owns it).
struct WeakStoreRoute {
    weak var route: (any StoreRouting)?

    init(_ route: any StoreRouting) {
        self.route = route
    }
}
