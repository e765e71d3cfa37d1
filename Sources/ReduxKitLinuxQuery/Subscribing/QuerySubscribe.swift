/// The action that subscribes to a query's entry, made by
/// ``QueryEndpoint/subscribe(_:keepUnusedDataFor:refetchIfOlderThan:pollingInterval:refetchOnFocus:refetchOnReconnect:)``.
/// Dispatch it to a store whose middleware includes its cache's: the typed
/// dispatch returns the ``QuerySubscription``.
public struct QuerySubscribe<State: Sendable>: Action, QueryCacheAction {
    /// The name of the cache it is addressed to.
    public let cacheName: String
    /// The entry subscribed to.
    public let key: QueryKey
    /// What the subscription asks of the entry.
    let options: QuerySubscriptionOptions

    /// `"api/subscribe"`.
    public var type: String { "\(cacheName)/subscribe" }
}

/// What the cache's middleware returns for a ``QuerySubscribe`` (the chain's
/// functions return an `any Action`): the new subscription. The typed
/// dispatch unwraps it.
struct QuerySubscribed: Action {
    let subscription: QuerySubscription

    /// The subscription in `returned`; stops the process, naming the fix, if
    /// no middleware of the cache `cacheName` took the subscribe action.
    static func subscription(in returned: any Action, cacheName: String) -> QuerySubscription {
        guard let subscribed = returned as? QuerySubscribed else {
            Misuse.fail(QueryMisuse.subscribeWithoutMiddleware(cacheName))
        }
        return subscribed.subscription
    }
}

/// The action a subscription's ``QuerySubscription/unsubscribe(isolation:)`` dispatches.
public struct QueryUnsubscribe: Action, QueryCacheAction {
    /// The name of the cache it is addressed to.
    public let cacheName: String
    /// The entry the subscription was to.
    public let key: QueryKey
    /// Which subscription of the entry leaves.
    let token: UInt64

    /// `"api/unsubscribe"`.
    public var type: String { "\(cacheName)/unsubscribe" }
}

/// The action that removes an entry no one used for its keep time (RTK
/// Query's `removeQueryResult`), dispatched by the cache's eviction timer.
public struct QueryEntryRemoved: Action, QueryCacheAction {
    /// The name of the cache it is addressed to.
    public let cacheName: String
    /// The entry removed.
    public let key: QueryKey

    /// `"api/entryRemoved"`.
    public var type: String { "\(cacheName)/entryRemoved" }
}

extension DispatchingStore where State: Sendable {
    /// Subscribes to a query's entry and returns the subscription: on a
    /// ``/ReduxKitLinux/Store``, a ``/ReduxKitLinux/SharedStore`` and an
    /// ``/ReduxKitLinux/ObservableStore``. The fetch it starts, if any, has
    /// run to its first suspension when this returns (its pending action is
    /// in the state).
    ///
    /// Stops the process if the store's middleware does not include the
    /// cache's (`applyMiddleware(thunkMiddleware(), api.middleware())`).
    ///
    /// - Parameters:
    ///   - action: Made by an endpoint's `subscribe`.
    ///   - isolation: The actor the caller runs on, if any; leave it out.
    /// - Returns: The subscription; call its `unsubscribe()` when the data is
    ///   no longer shown.
    @discardableResult
    public func dispatch(_ action: QuerySubscribe<State>, isolation: isolated (any Actor)? = #isolation)
        -> QuerySubscription
    {
        settleRoutes(of: self, on: isolation)
        return QuerySubscribed.subscription(in: dispatch(action as any Action), cacheName: action.cacheName)
    }
}

/// The action that fetches an entry again now, made by ``QueryEndpoint/refetch(_:)``.
public struct QueryRefetch: Action, QueryCacheAction {
    /// The name of the cache it is addressed to.
    public let cacheName: String
    /// The entry to fetch again.
    public let key: QueryKey

    /// `"api/refetch"`.
    public var type: String { "\(cacheName)/refetch" }
}

/// An event of the app's that makes subscriptions asking for it fetch again:
/// ``QueryCache/focused`` and ``QueryCache/reconnected`` (RTK Query's
/// `onFocus` and `onOnline`; the app dispatches them from whatever tells it,
/// as no platform is watched here).
public struct QueryAppEvent: Action, QueryCacheAction {
    /// What happened.
    public enum Kind: String, Sendable {
        /// The app came back to the foreground.
        case focused
        /// The network came back.
        case reconnected
    }

    /// The name of the cache it is addressed to.
    public let cacheName: String
    /// What happened.
    public let kind: Kind

    /// `"api/focused"` or `"api/reconnected"`.
    public var type: String { "\(cacheName)/\(kind.rawValue)" }
}
