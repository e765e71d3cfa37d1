/// A weak, thread-safe reference to a store, for effects that outlive the
/// dispatch that started them: middleware get one from `api.weakStore`.
///
/// While the store lives, `dispatch` sends an action through its whole
/// middleware chain, from any thread or task; once the store is freed it does
/// nothing, so an effect that finishes late never dispatches into a dead store.
public final class WeakStore<State: Sendable>: Sendable {
    private let link: MiddlewareLink<State>

    init(_ link: MiddlewareLink<State>) {
        self.link = link
    }

    /// Whether the store is still alive.
    public var isAlive: Bool {
        link.currentStore() != nil
    }

    /// Dispatches `action` through the store's whole middleware chain.
    ///
    /// - Parameter action: The action to dispatch.
    /// - Returns: What the dispatch returned, or `nil` if the store is gone (and
    ///   nothing was dispatched).
    @discardableResult
    public func dispatch(_ action: any Action) -> (any Action)? {
        link.currentStore()?.dispatch(action)
    }

    /// The store's current state.
    ///
    /// - Returns: The state, or `nil` if the store is gone.
    public func getState() -> State? {
        link.currentStore()?.getState()
    }
}
