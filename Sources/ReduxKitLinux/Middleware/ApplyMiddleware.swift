import Foundation

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
/// - Returns: An enhancer for ``createStore(_:_:_:)``.
public func applyMiddleware<State>(_ middleware: [Middleware<State>]) -> StoreEnhancer<State> {
    { next in
        { reducer, state in
            let store = next(reducer, state)
            let link = MiddlewareLink<State>()
            let api = MiddlewareApi<State>(
                dispatch: { action in link.dispatch(action) },
                getState: { store.getState() }
            )
            let chain = compose(middleware.map { $0(api) })
            let enhanced = Store(store, dispatch: chain(store.dispatch))
            link.connect(to: enhanced)
            return enhanced
        }
    }
}

/// Creates a store enhancer that runs every dispatched action through
/// `middleware`, outermost first; see ``applyMiddleware(_:)-(Array<Middleware<State>>)``.
///
/// - Parameter middleware: The middleware, outermost first.
/// - Returns: An enhancer for ``createStore(_:_:_:)``.
public func applyMiddleware<State>(_ middleware: Middleware<State>...) -> StoreEnhancer<State> {
    applyMiddleware(middleware)
}

/// The way from `MiddlewareApi.dispatch` back to the enhanced store.
///
/// It refuses dispatches until the chain is built, and holds the store weakly
/// (the store owns the chain, which owns this link), so a dispatch after the
/// store is gone does nothing. Its lock guards both fields.
private final class MiddlewareLink<State> {
    private let lock = NSLock()
    private var connected = false
    private weak var store: Store<State>?

    func connect(to store: Store<State>) {
        lock.withLock {
            connected = true
            self.store = store
        }
    }

    func dispatch(_ action: any Action) -> any Action {
        let store: Store<State>? = lock.withLock {
            guard connected else {
                StoreMisuse.fail(StoreMisuse.dispatchWhileConstructingMiddleware)
            }
            return self.store
        }
        return store?.dispatch(action) ?? action
    }
}
