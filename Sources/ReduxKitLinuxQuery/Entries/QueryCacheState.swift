/// A query cache's part of the app's state: its entries, and which tags
/// they provided (RTK Query's `api` slice). Put it in your state and hand its
/// key path to the ``QueryCache``:
///
/// ```swift
/// struct AppState: Equatable, Sendable {
///     var api = QueryCacheState()
/// }
/// ```
///
/// It changes only through the cache's reducer, ``QueryCache/reduce(_:_:)``.
public struct QueryCacheState: Equatable, Sendable {
    /// The entries, by key, kept as an entity adapter keeps them.
    public internal(set) var entries = EntityState<QueryKey, QueryEntry>()
    /// Which entries provided which tags.
    var provided = ProvidedTags()
    /// The entries whose request is in flight.
    var pending: Set<QueryKey> = []
    /// The entries with layers of each patch.
    var layered: [QueryPatchID: Set<QueryKey>] = [:]
    /// Decoded entries waiting for their endpoints (see `init(from:)`).
    var unrestored = QueryUnrestoredEntries()

    /// An empty cache.
    public init() {}

    /// The entry under `key`, if any. Setting it (a test's expected state)
    /// keeps the cache's index of tags and requests in flight in step.
    ///
    /// - Parameter key: An endpoint and argument.
    /// - Returns: The entry, or `nil` if there is none.
    public subscript(key: QueryKey) -> QueryEntry? {
        get { entries[id: key] }
        set {
            if let newValue {
                if newValue.key != key { Misuse.fail(QueryMisuse.entryUnderAnotherKey(newValue.key, key)) }
                put(newValue)
            } else {
                remove(key)
            }
        }
    }
}
