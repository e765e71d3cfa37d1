/// A store's backend that reaches another store weakly: while that store
/// lives, everything goes to it; once it is gone, reads give the state it
/// last had and dispatches do nothing.
///
/// What a product's stand-in for a scoped store (the effects product's twin,
/// for a scoped store's async thunks in a store a task owns) holds as its
/// parent, so that work waiting for the owner never keeps the owner's store
/// alive: a store a task owns is freed with the task's last reference to it,
/// whatever its effects have left to apply. Like any backend, it is used
/// only in the store's domain.
package final class WeakParentBackend<State>: StoreBackend {
    private weak var store: Store<State>?
    private var lastState: State

    /// A backend reaching `store` weakly.
    ///
    /// - Parameter store: The store to reach; read now, in its domain.
    package init(_ store: Store<State>) {
        self.store = store
        lastState = store.getState()
    }

    package func dispatch(_ action: any Action) -> any Action {
        store?.dispatch(action) ?? action
    }

    package func serialize(_ body: () -> any Action) -> any Action {
        guard let store else { return body() }
        return store.backend.serialize(body)
    }

    package func getState() -> State {
        if let store { lastState = store.getState() }
        return lastState
    }

    package func read<Result>(_ body: (State) -> Result) -> Result {
        body(getState())
    }

    package func subscribe(_ makeSubscriber: (State) -> (State) -> Void) -> any ReduxDisposable {
        guard let store else {
            _ = makeSubscriber(lastState)
            return SimpleReduxDisposable(disposed: { true }, dispose: {})
        }
        return store.backend.subscribe(makeSubscriber)
    }

    package func replaceReducer(_ reducer: @escaping InPlaceReducer<State>) {
        Misuse.fail(Misuse.replaceReducerOnScopedStore)
    }

    package func routeThrough(shared: AnyObject & Sendable) {}

    package func settleRoutes(on actor: any Actor) {
        store?.settleRoutes(on: actor)
    }

    package func routeAttachments() -> [AnyObject & Sendable] { [] }

    package func inbox(creating: Bool) -> StoreInbox? {
        store?.backend.inbox(creating: creating)
    }
}
