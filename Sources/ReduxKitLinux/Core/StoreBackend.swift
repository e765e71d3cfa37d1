/// What a ``Store`` is built on: a store's own state, reducer and subscribers
/// (``StoreCore``), or a view into another store (a scoped store).
///
/// Every method is safe to call from any thread. Implementations run the
/// closures they are given (reducers, middleware, subscribers, selectors) one
/// at a time, under the lock of the root store.
@usableFromInline
protocol StoreBackend<State>: AnyObject, Sendable {
    associatedtype State

    /// Applies `action` and notifies subscribers; returns the action.
    func dispatch(_ action: any Action) -> any Action

    /// Runs `body` with the root store's lock held (refusing calls from inside
    /// the reducer), so an enhancer's dispatch function runs one action at a time.
    func serialize(_ body: () -> any Action) -> any Action

    /// The current state.
    func getState() -> State

    /// Calls `body` with the current state, with the lock held, so a selector
    /// runs one at a time like every other closure the store is given.
    func read<Result>(_ body: (State) -> Result) -> Result

    /// Adds a subscriber. `makeSubscriber` is called once, with the lock held and
    /// the current state, and returns the subscriber to add; nothing can be
    /// dispatched in between, so a subscriber that remembers the state it started
    /// from misses nothing.
    func subscribe(_ makeSubscriber: (State) -> (State) -> Void) -> any ReduxDisposable

    /// Swaps the reducer, keeping the state, and announces it with a
    /// ``ReplaceReducerAction``.
    func replaceReducer(_ reducer: @escaping InPlaceReducer<State>)
}
