/// The action that loads an entry ahead of its first subscription (RTK
/// Query's `prefetch`), made by ``QueryEndpoint/prefetch(_:ifOlderThan:)``: it
/// fetches unless the entry has fresh data or a request in flight, and an
/// entry no one subscribes to is kept for its endpoint's keep time, then
/// evicted, as if its last subscription had just left.
public struct QueryPrefetch: Action, QueryCacheAction {
    /// The name of the cache it is addressed to.
    public let cacheName: String
    /// The entry to load.
    public let key: QueryKey
    /// Fetch again if the data is older than this (`nil`: only if there is
    /// none, or it failed or was invalidated).
    public let ifOlderThan: Duration?

    /// `"api/prefetch"`.
    public var type: String { "\(cacheName)/prefetch" }
}

/// The action the cache's middleware dispatches when an entry is in the
/// cache with no subscription (prefetched, or created by an upsert): its
/// eviction timer starts, as after its last subscription's ``QueryUnsubscribe``.
public struct QueryEntryUnused: Action, QueryCacheAction {
    /// The name of the cache it is addressed to.
    public let cacheName: String
    /// The entry.
    public let key: QueryKey

    /// `"api/entryUnused"`.
    public var type: String { "\(cacheName)/entryUnused" }
}

/// An action after which an entry may be left with no subscription: what
/// starts its eviction timer.
protocol QueryEntryLeaving: Action {
    var cacheName: String { get }
    var key: QueryKey { get }
}

extension QueryUnsubscribe: QueryEntryLeaving {}
extension QueryEntryUnused: QueryEntryLeaving {}
