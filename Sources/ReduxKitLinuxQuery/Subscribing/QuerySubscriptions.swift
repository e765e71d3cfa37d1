/// The subscriptions of one store's cache, by entry: kept by the cache's
/// middleware, out of the reduced state (a subscribe or unsubscribe changes
/// no state, so no subscriber of the store is told of it).
final class QuerySubscriptions: Sendable {
    private struct Entry {
        /// Each subscription's options, by token.
        var options: [UInt64: QuerySubscriptionOptions] = [:]
        /// The longest keep time any subscription of the entry asked for
        /// since the entry was last unused.
        var longestKeep: Duration?
    }

    private struct Table {
        var entries: [QueryKey: Entry] = [:]
        /// The entries whose last subscription left, waiting out their keep
        /// time, with that time.
        var unused: [QueryKey: Duration] = [:]
        var nextToken: UInt64 = 0
    }

    private let table = Locked(Table())

    /// Adds a subscription to `key`.
    ///
    /// - Returns: Its token, and whether the entry was waiting out its keep
    ///   time (its eviction timer is to be cancelled).
    func add(_ key: QueryKey, options: QuerySubscriptionOptions) -> (token: UInt64, wasUnused: Bool) {
        table.withLock { table in
            let token = table.nextToken
            table.nextToken &+= 1
            table.entries[key, default: Entry()].options[token] = options
            if let keep = options.keepUnusedDataFor {
                table.entries[key]!.longestKeep = max(table.entries[key]!.longestKeep ?? keep, keep)
            }
            return (token, table.unused.removeValue(forKey: key) != nil)
        }
    }

    /// Removes the subscription `token` of `key`.
    ///
    /// - Parameter endpointKeep: The endpoint's keep time.
    /// - Returns: How long to keep the entry, if that was its last subscription.
    func remove(_ token: UInt64, of key: QueryKey, endpointKeep: Duration) -> Duration? {
        table.withLock { table in
            guard var entry = table.entries[key], entry.options.removeValue(forKey: token) != nil else { return nil }
            guard entry.options.isEmpty else {
                table.entries[key] = entry
                return nil
            }
            table.entries[key] = nil
            let keep = max(endpointKeep, entry.longestKeep ?? endpointKeep)
            table.unused[key] = keep
            return keep
        }
    }

    /// Marks `key` unused, kept for `keep` (an entry no one subscribed to:
    /// prefetched, or made by an upsert), unless it has a subscription or is
    /// already waiting out its keep time.
    ///
    /// - Returns: Whether it was marked (its eviction timer is to start).
    func markUnused(_ key: QueryKey, keep: Duration) -> Bool {
        table.withLock { table in
            guard table.entries[key] == nil, table.unused[key] == nil else { return false }
            table.unused[key] = keep
            return true
        }
    }

    /// The entries with a subscription that asks to be fetched again on `event`.
    func keys(refetchingOn event: QueryAppEvent.Kind) -> [QueryKey] {
        table.withLock { table in
            table.entries.compactMap { key, entry in
                entry.options.values.contains {
                    event == .focused ? $0.refetchOnFocus : $0.refetchOnReconnect
                } ? key : nil
            }
        }
    }

    /// How many subscriptions `key` has.
    func count(of key: QueryKey) -> Int {
        table.withLock { $0.entries[key]?.options.count ?? 0 }
    }

    /// How long `key` is kept, if its last subscription left and none came since.
    func keepTime(ifUnused key: QueryKey) -> Duration? {
        table.withLock { $0.unused[key] }
    }

    /// Whether `key` is still unused; if so, forgets it (it is evicted now).
    func evict(_ key: QueryKey) -> Bool {
        table.withLock { $0.unused.removeValue(forKey: key) != nil }
    }

    /// Forgets the entries waiting out their keep time (the cache was reset:
    /// their entries are gone).
    ///
    /// - Returns: The entries with subscriptions, and those forgotten.
    func reset() -> (subscribed: [QueryKey], forgotten: [QueryKey]) {
        table.withLock { table in
            defer { table.unused = [:] }
            return (Array(table.entries.keys), Array(table.unused.keys))
        }
    }
}
