/// The entries of a decoded ``QueryCacheState`` that are not typed yet: a
/// decoder cannot know an endpoint's argument and value types, so they wait
/// here until the cache's reducer has the endpoint (made, perhaps, lazily)
/// and turns them into entries.
struct QueryUnrestoredEntries: Equatable, Sendable {
    /// The entries waiting for their endpoints, in the order persisted.
    var entries: [QueryPersistedEntry] = []
    /// The cache's endpoint generation at the last try to restore them
    /// (`nil`: not tried yet): no new endpoint, no new try.
    var triedAt: Int?
    /// The keys the last restoration made, and its number in its cache
    /// (``QueryRestorations``), for the middleware to start their eviction timers.
    var lastRestored: (number: Int, keys: [QueryKey]) = (0, [])

    /// Whether both wait for the same entries (when restoration was tried, and
    /// what it last made, are bookkeeping).
    ///
    /// - Parameters:
    ///   - lhs: Unrestored entries.
    ///   - rhs: Others.
    /// - Returns: Whether they hold the same entries.
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.entries == rhs.entries }
}
