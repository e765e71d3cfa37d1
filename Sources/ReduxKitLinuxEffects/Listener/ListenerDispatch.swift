/// What a listener middleware returns through the middleware chain for an
/// ``AddListener`` it registered (the chain's functions return `any Action`):
/// the listener's subscription. The typed `dispatch(_:)` overloads below
/// unwrap it; an untyped dispatch returns it as it is.
package struct ListenerAdded: Action {
    /// The new listener's registration.
    package let subscription: ListenerSubscription

    package init(subscription: ListenerSubscription) {
        self.subscription = subscription
    }

    /// The subscription in `returned`, what a dispatch of an ``AddListener``
    /// returned, or `nil` if no listener middleware of its state took it.
    static func subscription(in returned: (any Action)?) -> ListenerSubscription? {
        (returned as? ListenerAdded)?.subscription
    }
}

extension DispatchingStore where State: Sendable {
    /// Adds a listener through the store (RTK's `dispatch(addListener(…))`):
    /// on a ``/ReduxKitLinux/Store``, a ``/ReduxKitLinux/SharedStore`` and an
    /// ``/ReduxKitLinux/ObservableStore``.
    ///
    /// - Parameter action: The listener to add.
    /// - Returns: Its subscription, or `nil` if the store has no
    ///   ``/ReduxKitLinuxEffects/ListenerMiddleware`` of its state (the action then reached the reducers).
    @discardableResult
    public func dispatch(_ action: AddListener<State>) -> ListenerSubscription? {
        ListenerAdded.subscription(in: dispatch(action as any Action))
    }
}

extension AsyncDispatchingStore {
    /// Adds a listener from an effect (RTK's `listenerApi.dispatch(addListener(…))`):
    /// from an ``AsyncThunkContext``, a ``ListenerContext`` or a ``/ReduxKitLinux/WeakStore``.
    ///
    /// - Parameter action: The listener to add.
    /// - Returns: Its subscription, or `nil` if the store is gone, the effect
    ///   was cancelled, or the store has no
    ///   ``/ReduxKitLinuxEffects/ListenerMiddleware`` of its state.
    @discardableResult
    nonisolated(nonsending) public func dispatch(_ action: AddListener<State>) async -> ListenerSubscription? {
        ListenerAdded.subscription(in: await dispatch(action as any Action))
    }
}
