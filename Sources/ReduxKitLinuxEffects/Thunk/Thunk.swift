/// An action that carries a function instead of data (redux-thunk): the
/// `thunkMiddleware()` calls the function with the store's `dispatch` and
/// `getState`, and the action goes no further.
///
/// ```swift
/// store.dispatch(Thunk { dispatch, getState in
///     if getState().isLoggedIn { _ = dispatch(LoadProfile()) }
/// })
/// ```
///
/// The function runs synchronously, inside the dispatch, in the store's
/// domain; for work that waits, use an ``AsyncThunk``. A thunk dispatched to a
/// store without the thunk middleware reaches the reducers, which ignore it.
///
/// Dispatched to a scoped store (`store.view(…)`), a thunk of the scoped
/// store's state goes up to the root store's thunk middleware and is called
/// with the scoped store's `dispatch` (which embeds child actions) and
/// `getState` (the child's state).
public struct Thunk<State>: Action {
    /// The function the thunk middleware calls.
    public let body: @Sendable (_ dispatch: DispatchFunction, _ getState: () -> State) -> Void

    /// Creates a thunk.
    ///
    /// - Parameter body: Called with `dispatch` (through the whole middleware
    ///   chain) and `getState`.
    public init(_ body: @escaping @Sendable (_ dispatch: DispatchFunction, _ getState: () -> State) -> Void) {
        self.body = body
    }
}

extension DispatchingStore {
    /// Dispatches a thunk; the same as `dispatch(_:)`, typed so that
    /// `store.dispatch(Thunk { dispatch, getState in … })` knows the state's
    /// type: on a ``/ReduxKitLinux/Store``, a ``/ReduxKitLinux/SharedStore``
    /// and an ``/ReduxKitLinux/ObservableStore``.
    ///
    /// On a `Store`, like ``/ReduxKitLinux/DispatchingStore/dispatch(_:isolation:)-(A,_)``, it
    /// settles the store's effects on the caller's actor, so an async thunk
    /// the thunk dispatches comes back there.
    ///
    /// - Parameters:
    ///   - thunk: The thunk to run.
    ///   - isolation: The actor the caller runs on, if any; leave it out.
    /// - Returns: What the dispatch returned (the thunk, when the thunk middleware ran it).
    @discardableResult
    public func dispatch(_ thunk: Thunk<State>, isolation: isolated (any Actor)? = #isolation) -> any Action {
        settleRoutes(of: self, on: isolation)
        return dispatch(thunk as any Action)
    }
}
