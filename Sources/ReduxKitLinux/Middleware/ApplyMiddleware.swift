/// Creates a store enhancer that runs every dispatched action through
/// `middleware` before it reaches the reducer.
///
/// The first middleware is the outermost: `applyMiddleware([a, b])` runs `a`,
/// then `b`, then the reducer. `api.dispatch` sends an action through the whole
/// chain again; `api.getState` always returns the current state. Dispatching
/// while the chain is being built (from the body of a middleware, rather than
/// from the dispatch function it returns) stops the process, since the other
/// middleware would miss that action. The enhanced store keeps `subscribe`,
/// `getState` and `replaceReducer`.
///
/// The middleware holds the enhanced store weakly, so no cycle runs through the
/// chain: the store, its reducer, its middleware and its subscribers are freed
/// together when nobody holds the store.
///
/// - Parameter middleware: The middleware, outermost first.
/// - Returns: An enhancer for ``createStore(_:_:_:)-(_,State?,_)``.
@inlinable
public func applyMiddleware<State>(_ middleware: [Middleware<State>]) -> StoreEnhancer<State> {
    { next in
        { reducer, state in applyMiddleware(middleware, to: next(reducer, state)) }
    }
}

/// Returns a store that runs every action dispatched to it through `middleware`
/// before it reaches `store`: the work of ``applyMiddleware(_:)-([Middleware<State>])``,
/// applied to a store that already exists.
///
/// Use it to add middleware to a store created with an in-place reducer, which
/// keeps its in-place updates this way (an enhancer would receive the reducer as
/// an optional-state one):
///
/// ```swift
/// let store = applyMiddleware([logger], to: createStore(todosReducer, [String]()))
/// ```
///
/// The returned store shares `store`'s state, reducer and subscribers.
///
/// - Parameters:
///   - middleware: The middleware, outermost first.
///   - store: The store the chain ends in.
/// - Returns: The store to dispatch to.
@inlinable
public func applyMiddleware<State>(_ middleware: [Middleware<State>], to store: Store<State>) -> Store<State> {
    // Inlinable, so the chain ends in `store.dispatch` specialised for the
    // client's state (unspecialised, it looks up generic metadata every call).
    let link = MiddlewareLink<State>()
    let api = MiddlewareApi<State>(link: link, store: store, getState: { store.getState() })
    let chain = compose(middleware.map { $0(api) })
    // The chain ends in the store's reducer: straight into its core when the
    // store is a plain one (one call fewer per dispatch than `store.dispatch`).
    let end: DispatchFunction
    if let core = store.core, store.enhancedDispatch == nil {
        end = { action in core.dispatch(action) }
    } else {
        end = store.dispatch
    }
    let enhanced = Store(store, dispatch: chain(end))
    link.connect(to: enhanced)
    return enhanced
}

/// Creates a store enhancer that runs every dispatched action through
/// `middleware`, outermost first; see ``applyMiddleware(_:)-([Middleware<State>])``.
///
/// - Parameter middleware: The middleware, outermost first.
/// - Returns: An enhancer for ``createStore(_:_:_:)-(_,State?,_)``.
@inlinable
public func applyMiddleware<State>(_ middleware: Middleware<State>...) -> StoreEnhancer<State> {
    applyMiddleware(middleware)
}

/// The way from `MiddlewareApi.dispatch` back to the enhanced store.
///
/// It refuses dispatches until the chain is built, and holds the store weakly
/// (the store owns the chain, which owns this link), so a dispatch after the
/// store is gone does nothing. Like the store, it lives in the store's
/// isolation domain.
@usableFromInline package final class MiddlewareLink<State> {
    private var connected = false
    private weak var store: Store<State>?

    @usableFromInline package init() {}

    @usableFromInline package func connect(to store: Store<State>) {
        connected = true
        self.store = store
    }

    func dispatch(_ action: any Action) -> any Action {
        currentStore()?.dispatch(action) ?? action
    }

    /// The store, or `nil` once it is gone; stops the process if the chain is
    /// still being built.
    func currentStore() -> Store<State>? {
        guard connected else { Misuse.fail(Misuse.dispatchWhileConstructingMiddleware) }
        return store
    }
}
