/// A function that wraps a dispatch function with more behaviour: it receives
/// the next dispatch function in the chain and returns a new one.
public typealias DispatchTransformer = (@escaping Dispatch) -> Dispatch

/// What a middleware receives from the store it is applied to.
public struct MiddlewareApi<State> {
    /// Dispatches through the whole middleware chain again, from the outermost
    /// middleware. Once the store is gone it does nothing and returns the action.
    public let dispatch: Dispatch
    /// Returns the store's current state.
    public let getState: () -> State
    /// The way back to the store `applyMiddleware` made this for (`nil` for an
    /// api made by hand); effects reach the store through it, weakly.
    @usableFromInline let link: MiddlewareLink<State>?

    /// Creates the middleware's view of a store.
    ///
    /// - Parameters:
    ///   - dispatch: Dispatches through the whole middleware chain.
    ///   - getState: Returns the current state.
    public init(dispatch: @escaping Dispatch, getState: @escaping () -> State) {
        self.dispatch = dispatch
        self.getState = getState
        self.link = nil
    }

    @usableFromInline
    init(link: MiddlewareLink<State>, getState: @escaping () -> State) {
        self.dispatch = { action in link.dispatch(action) }
        self.getState = getState
        self.link = link
    }
}

extension MiddlewareApi where State: Sendable {
    /// A weak, thread-safe way back to the store, for effects that run after the
    /// dispatch that started them (in a task, on another thread): it dispatches
    /// through the whole chain while the store lives, and does nothing once it is
    /// gone. `nil` for an api not made by `applyMiddleware`.
    public var weakStore: WeakStore<State>? {
        link.map(WeakStore.init)
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
/// The store runs its middleware with its lock held, one action at a time, so a
/// middleware need not be `Sendable`.
public typealias Middleware<State> = (MiddlewareApi<State>) -> DispatchTransformer
