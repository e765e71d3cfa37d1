/// What a ``Store`` is built on: a store's own state, reducer and subscribers
/// (``StoreCore``), or a view into another store (a scoped store).
///
/// Like the store, a backend lives in one isolation domain; it runs the closures
/// it is given (reducers, middleware, subscribers, selectors) one at a time.
@usableFromInline package protocol StoreBackend<State>: AnyObject {
    associatedtype State

    /// Applies `action` and notifies subscribers; returns the action.
    func dispatch(_ action: any Action) -> any Action

    /// Runs `body`, an enhancer's dispatch function, refusing calls from inside
    /// the reducer.
    func serialize(_ body: () -> any Action) -> any Action

    /// The current state.
    func getState() -> State

    /// Calls `body` with the current state (refusing calls from inside the reducer).
    func read<Result>(_ body: (State) -> Result) -> Result

    /// Adds a subscriber. `makeSubscriber` is called once, with the current
    /// state, and returns the subscriber to add; nothing can be dispatched in
    /// between, so a subscriber that remembers the state it started from misses
    /// nothing.
    func subscribe(_ makeSubscriber: (State) -> (State) -> Void) -> any ReduxDisposable

    /// Swaps the reducer, keeping the state, and announces it with a
    /// ``ReplaceReducerAction``.
    func replaceReducer(_ reducer: @escaping InPlaceReducer<State>)

    /// Sends the routes back into it (``StoreRoute``) through `shared`, the
    /// ``SharedStore`` that took the store over.
    func routeThrough(shared: AnyObject & Sendable)

    /// Settles the routes back into it on `actor`, the isolation of code that
    /// just dispatched to it (see ``DispatchingStore/dispatch(_:isolation:)-(A,_)``).
    func settleRoutes(on actor: any Actor)

    /// What products attached to the routes back into it (empty for a scoped
    /// store: its work runs in the root's chain).
    func routeAttachments() -> [AnyObject & Sendable]

    /// The root store's inbox, for a store a task owns (see ``StoreInbox``),
    /// made now if `creating` and there is none yet; `nil` for a backend that
    /// has none (an api made by hand).
    func inbox(creating: Bool) -> StoreInbox?
}
