/// One subscription to a query's entry: while any lives, the entry is kept
/// (and refetched when invalidated); after the last leaves, it is kept for
/// its keep time, then evicted. Returned by dispatching an endpoint's
/// `subscribe`.
public final class QuerySubscription: ReduxDisposable, Sendable {
    /// The entry subscribed to.
    public let key: QueryKey
    /// Which subscription of the entry this is.
    let token: UInt64
    /// Dispatches the unsubscribe action into the store's domain.
    private let leave: any QueryLeaving
    /// Whether it was unsubscribed.
    private let left = Locked(false)

    init(key: QueryKey, token: UInt64, leave: any QueryLeaving) {
        self.key = key
        self.token = token
        self.leave = leave
    }

    /// Ends the subscription (RTK Query's `unsubscribe`). Called on the
    /// store's actor (or anywhere, for a store a ``/ReduxKitLinux/SharedStore`` holds), it takes
    /// effect before it returns: if it was the entry's last, the entry's keep
    /// time starts now, on the effects' clock. Called elsewhere, it takes
    /// effect when the store's domain runs it. A second call does nothing.
    ///
    /// - Parameter isolation: The actor the caller runs on, if any; leave it out.
    public func unsubscribe(isolation: isolated (any Actor)? = #isolation) {
        guard
            left.withLock({ left in
                defer { left = true }
                return !left
            })
        else { return }
        leave.leave(QueryUnsubscribe(cacheName: leave.cacheName, key: key, token: token), isolation: isolation)
    }

    /// Ends the subscription, as ``unsubscribe(isolation:)`` called from no
    /// actor: at once for a store a `SharedStore` holds, else as soon as the
    /// store's domain runs it. Prefer `unsubscribe()` on a store's actor.
    public func dispose() {
        unsubscribe(isolation: nil)
    }

    /// Whether it was unsubscribed.
    public var disposed: Bool { left.withLock { $0 } }
}

/// Dispatches a subscription's unsubscribe action into its store's domain.
protocol QueryLeaving: Sendable {
    /// The cache's name.
    var cacheName: String { get }
    /// Dispatches `action`: at once if the caller is in the store's domain, else soon.
    func leave(_ action: QueryUnsubscribe, isolation: isolated (any Actor)?)
}

/// The way back into one store for its subscriptions' unsubscribe actions.
struct QueryLeavingRoute<State: Sendable>: QueryLeaving {
    let cacheName: String
    let route: StoreRoute<State>

    func leave(_ action: QueryUnsubscribe, isolation: isolated (any Actor)?) {
        if route.dispatchInDomain(action, isolation: isolation) { return }
        if route.actor != nil {
            Task { [route] in _ = await route.dispatch(action) }
        } else {
            route.post(action)  // a store a task owns: its owner applies it at its next use
        }
    }
}
