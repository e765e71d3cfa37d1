/// A store that actions are dispatched to at once, in the caller's domain:
/// ``Store`` (a scoped one too), ``SharedStore`` and ``ObservableStore`` (on
/// the main actor) adopt it. In the spirit of ReSwift's `DispatchingStoreType`.
///
/// Its one requirement is the untyped `dispatch(_:)`. What a product adds to
/// it, it adds once for every store: the effects product's typed overloads
/// (an async thunk's action answers its run's handle, an `AddListener` its
/// subscription, a `Thunk` knows the state's type) are extensions of this
/// protocol, and Swift picks them over the untyped one whenever the action's
/// static type matches (the untyped witnesses are `@_disfavoredOverload` for
/// that: see Docs/Decisions/0003).
///
/// ```swift
/// func signIn(_ store: some DispatchingStore<AppState>) {
///     store.dispatch(SignIn())
/// }
/// ```
public protocol DispatchingStore<State>: AnyObject {
    /// The state of the store.
    associatedtype State

    /// Dispatches an action through the store's middleware and reducer, and
    /// notifies its subscribers, before returning.
    ///
    /// `consuming`, as `Store`'s is: a borrowing requirement made the
    /// dispatches written on the protocol copy the action's existential box
    /// on every call (10 more instructions in benchmark 1's loop).
    ///
    /// - Parameter action: The action to apply.
    /// - Returns: The action, or whatever the middleware chose to return.
    @discardableResult
    func dispatch(_ action: consuming any Action) -> any Action
}

extension DispatchingStore {
    /// Dispatches an action, as the untyped `dispatch(_:)` does, and tells a
    /// ``Store`` where it lives: `isolation`, the actor of the code
    /// dispatching (leave it out; it is the caller's).
    ///
    /// This is the overload `store.dispatch(SomeAction())` picks. Called on a
    /// `Store` from an actor (an actor's method, a `@MainActor` function), it
    /// settles the store's effects on that actor: async thunks and listener
    /// effects started by this store's middleware then come back there,
    /// wherever the store was created (an actor's stored property or `init`
    /// included). That is sound because the compiler keeps a store that code
    /// isolated to an actor has used in that actor's region from then on
    /// (passing it to this call puts it there), so the store is only ever
    /// used on that actor. A ``SharedStore`` has its lock and an
    /// ``ObservableStore`` the main actor: for them it is the untyped dispatch.
    ///
    /// - Parameters:
    ///   - action: The action to apply.
    ///   - isolation: The actor the caller runs on, if any; leave it out.
    /// - Returns: The action, or whatever the middleware chose to return.
    @inlinable
    @discardableResult
    public func dispatch<A: Action>(_ action: A, isolation: isolated (any Actor)? = #isolation) -> any Action {
        settleRoutes(of: self, on: isolation)
        return dispatch(action as any Action)
    }
}

/// Settles `store`'s routes on `isolation` when it is a ``Store``, as
/// ``DispatchingStore/dispatch(_:isolation:)-(A,_)`` does: the typed dispatches
/// (here and in the products) are written once for every store, and only a
/// `Store` learns its actor from its callers. Sound for the reason that
/// dispatch is: `store` was passed to a call isolated to `isolation`.
@inlinable
package func settleRoutes<Dispatching: DispatchingStore>(of store: Dispatching, on isolation: isolated (any Actor)?) {
    guard let isolation, let store = store as? Store<Dispatching.State> else { return }
    store.settleRoutes(on: isolation)
}

/// A way to dispatch into a store from work that outlives a dispatch (an
/// effect's task): asynchronously, in the store's own domain (on its actor,
/// or under its ``SharedStore``'s lock). ``WeakStore`` and the effects
/// product's contexts (an async thunk's, a listener's) adopt it, and the
/// effects product's typed overloads extend it once for all of them.
///
/// The answer is optional: `nil` when nothing was dispatched (the store is
/// gone, or the effect dispatching was cancelled).
public protocol AsyncDispatchingStore<State>: Sendable {
    /// The state of the store.
    associatedtype State: Sendable

    /// Dispatches an action through the store's whole middleware chain, in
    /// the store's domain.
    ///
    /// - Parameter action: The action to dispatch.
    /// - Returns: What the dispatch returned, or `nil` if nothing was dispatched.
    @discardableResult
    nonisolated(nonsending) func dispatch(_ action: any Action) async -> (any Action)?
}
