/// A function that wraps a dispatch function with more behaviour: it receives
/// the next dispatch function in the chain and returns a new one.
public typealias DispatchTransformer = (@escaping DispatchFunction) -> DispatchFunction

/// What a middleware receives from the store it is applied to.
public struct MiddlewareApi<State> {
    /// Dispatches through the whole middleware chain again, from the outermost
    /// middleware. Once the store is gone it does nothing and returns the action.
    public let dispatch: DispatchFunction
    /// Returns the store's current state.
    public let getState: () -> State
    /// The way back into the store `applyMiddleware` made this for, for work
    /// that outlives a dispatch (for an api made by hand, into its own closures).
    package let route: StoreRoute<State>
    /// What keeps the store behind a hand-made api alive (its route holds it weakly).
    private let handMadeStore: Store<State>?
    /// The root core of the store `applyMiddleware` made this for (`nil` for an
    /// api made by hand or a scoped store), for devtools that observe every
    /// reduction whatever the middleware's position (the action log).
    package let core: StoreCore<State>?

    /// Creates the middleware's view of a store by hand, as middleware tests
    /// do: `thunkMiddleware()(MiddlewareApi(dispatch: …, getState: …))(next)`.
    ///
    /// Its ``weakStore`` dispatches and reads through `dispatch` and `getState`,
    /// so effects run through it as through a store's chain: async thunks and
    /// listener effects come back on the actor the api was made on (outside
    /// any actor they have no way back, since no store's owner applies what
    /// they post, and starting one stops the process with a message naming
    /// the fixes). The compiler keeps
    /// the api, and the closures it was given, on that actor.
    ///
    /// - Parameters:
    ///   - dispatch: Dispatches through the whole middleware chain.
    ///   - getState: Returns the current state.
    ///   - isolation: The actor the api is made on, where effects come back;
    ///     leave it out (it is the caller's).
    public init(
        dispatch: @escaping DispatchFunction, getState: @escaping () -> State,
        isolation: isolated (any Actor)? = #isolation
    ) {
        self.dispatch = dispatch
        self.getState = getState
        let store = Store(backend: HandMadeApiBackend(dispatch: dispatch, getState: getState))
        let link = MiddlewareLink<State>()
        link.connect(to: store)
        self.route = StoreRoute(link: link)
        route.settle(on: isolation)
        self.handMadeStore = store
        self.core = nil
    }

    /// The api `applyMiddleware` gives the chain it builds on `store`, with the
    /// route its effects take back (known to the store, for a ``SharedStore``).
    @usableFromInline init(link: MiddlewareLink<State>, store: Store<State>, getState: @escaping () -> State) {
        let route = StoreRoute(link: link)
        store.core?.routes.append(WeakStoreRoute(route))
        self.dispatch = { action in link.dispatch(action) }
        self.getState = getState
        self.route = route
        self.handMadeStore = nil
        self.core = store.core
    }
}

extension MiddlewareApi where State: Sendable {
    /// A weak, `Sendable` way back to the store, for effects that run after the
    /// dispatch that started them (in a task): it dispatches through the whole
    /// chain while the store lives, and does nothing once it is gone. For an api
    /// made by hand, it goes through the api's `dispatch` and `getState`.
    ///
    /// Its calls are `async`: they run under the lock of the ``SharedStore``
    /// that holds the store, or on the actor the store lives on. The store's
    /// actor is known once code isolated to it has dispatched to the store
    /// (see ``DispatchingStore/dispatch(_:isolation:)-(A,_)``); a store only ever used from
    /// nonisolated code needs a ``SharedStore`` to give effects a way back.
    public var weakStore: WeakStore<State> {
        WeakStore(route)
    }
}

/// A middleware: given the store's ``MiddlewareApi``, returns a
/// ``DispatchTransformer`` that can log, transform, delay or swallow actions
/// before they reach the reducer.
///
/// ```swift
/// let logger: Middleware<AppState> = { api in
///     { next in
///         { action in
///             print("dispatching", action.type)
///             return next(action)
///         }
///     }
/// }
/// ```
///
/// The store runs its middleware in its own isolation domain, one action at a
/// time, so a middleware need not be `Sendable`.
public typealias Middleware<State> = (MiddlewareApi<State>) -> DispatchTransformer
