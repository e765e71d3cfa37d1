/// The action that starts an entry's stream of updates (RTK Query's
/// `onCacheEntryAdded`), dispatched by the cache's middleware right after the
/// first request of a new entry of an endpoint that has `streamingUpdates`.
/// The stream runs, as a listener's run, until the entry is removed.
public struct QueryEntryAdded: Action, QueryCacheAction {
    /// The name of the cache it is addressed to.
    public let cacheName: String
    /// The entry added.
    public let key: QueryKey
    /// Which stream of the entry this is, in its store: an update of an
    /// older stream (of an entry removed, then added again) is dropped.
    let stream: UInt64

    /// `"api/entryAdded"`.
    public var type: String { "\(cacheName)/entryAdded" }
}

/// The action an entry's stream dispatches to change the entry's data
/// (RTK Query's `updateCachedData`), made by
/// ``QueryStreamContext/updateCachedData(_:)``.
///
/// The change is written into the server's data when nothing is laid over it
/// and no request is in flight; otherwise it is a committed layer, so an
/// answer to a request that started before it does not erase it.
public struct QueryDataStreamed: Action, QueryCacheAction {
    /// The name of the cache it is addressed to.
    public let cacheName: String
    /// The entry changed.
    public let key: QueryKey
    /// Names its layer, if it becomes one.
    public let id: QueryPatchID
    /// The stream that made it: the middleware drops it unless that stream
    /// is still the entry's.
    let stream: UInt64
    /// The change.
    let update: QueryCacheUpdate

    /// `"api/dataStreamed"`.
    public var type: String { "\(cacheName)/dataStreamed" }
}

/// The cancellation ID of an entry's stream.
struct QueryStreamID: Hashable, Sendable {
    let cacheName: String
    let key: QueryKey
    let stream: UInt64
}
