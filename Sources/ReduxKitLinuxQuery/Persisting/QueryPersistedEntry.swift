import Foundation

/// One cache entry as it is persisted: its key (endpoint, argument as JSON),
/// status, data as JSON, error, dates, tags and whether it was invalidated.
/// A state decoded from a file keeps these until the cache's reducer knows
/// the endpoint's types and turns them into ``QueryEntry``s.
struct QueryPersistedEntry: Codable, Equatable, Sendable {
    /// The key as people read it (`todos(42)`); written for them, not read back.
    var key: String?
    /// The endpoint's name.
    var endpoint: String
    /// The argument, as JSON.
    var argument: JSONValue
    /// Where the entry stood: never `pending` (no request outlives a restart).
    var status: QueryStatus
    /// The data shown: the server's with the committed layers applied.
    var data: JSONValue?
    /// The last failure.
    var error: SerializedError?
    /// When the last request started.
    var startedAt: Date?
    /// When the last answer came.
    var fulfilledAt: Date?
    /// The tags the entry provided.
    var providedTags: [QueryTag]
    /// Whether a mutation invalidated it.
    var isInvalidated: Bool

    /// `entry` as it is persisted, or `nil` when it is not: its argument or
    /// data is not `Encodable` (or fails to encode), or it holds nothing worth
    /// keeping (a request in flight with no data yet, or never fetched).
    ///
    /// A request in flight does not outlive a restart, so a pending entry with
    /// data is written as fulfilled (invalidated if a tag it provides was
    /// invalidated while its request ran). Layers an optimistic update of a
    /// mutation in flight laid are not written: that mutation will not finish.
    init?(_ entry: QueryEntry, coder: QueryJSONCoder) {
        guard let argument = coder.json(of: entry.key.argument.value) else { return nil }
        let shown = entry.serverData.map { server in
            entry.layers.reduce(server) { data, layer in layer.isCommitted ? layer.apply(data) : data }
        }
        var data: JSONValue?
        if let shown {
            guard let json = coder.json(of: shown.value) else { return nil }
            data = json
        }
        var status = entry.status
        var isInvalidated = entry.isInvalidated
        switch entry.status {
        case .uninitialized: return nil
        case .pending:
            guard data != nil else { return nil }
            status = .fulfilled
            let invalidatedInFlight = entry.tagsInvalidatedInFlight
            if entry.providedTags.contains(where: { tag in invalidatedInFlight.contains { tag.isInvalidated(by: $0) } })
            {
                isInvalidated = true
            }
        case .fulfilled, .rejected: break
        }
        self.key = entry.key.description
        self.endpoint = entry.key.endpoint
        self.argument = argument
        self.status = status
        self.data = data
        self.error = entry.error
        self.startedAt = entry.startedAt
        self.fulfilledAt = entry.fulfilledAt
        self.providedTags = entry.providedTags
        self.isInvalidated = isInvalidated
    }

    /// The entry for `key` holding this one's fields, with `data` as both its
    /// server data and the data shown (no layers).
    func entry(key: QueryKey, data: QueryValue?) -> QueryEntry {
        var entry = QueryEntry(key: key)
        entry.status = status
        entry.serverData = data
        entry.data = data
        entry.error = error
        entry.startedAt = startedAt
        entry.fulfilledAt = fulfilledAt
        entry.providedTags = providedTags
        entry.isInvalidated = isInvalidated
        return entry
    }
}
