import ReduxKitLinux

/// The live stream of each entry of one store's cache, by key: what the cache's
/// middleware checks a streamed update against, inside the dispatch (so an
/// update of a stream whose entry was removed never reaches a new entry of the
/// same key, however the threads interleave).
final class QueryStreams: Sendable {
    private struct Table {
        var live: [QueryKey: UInt64] = [:]
        var next: UInt64 = 1
    }

    private let table = Locked(Table())

    /// Notes a new stream for `key` (its entry was just added).
    ///
    /// - Returns: The stream's number.
    func start(_ key: QueryKey) -> UInt64 {
        table.withLock { table in
            defer { table.next += 1 }
            table.live[key] = table.next
            return table.next
        }
    }

    /// Forgets the stream of `key` (its entry is being removed).
    ///
    /// - Returns: The stream's number, if `key` had one.
    func end(_ key: QueryKey) -> UInt64? {
        table.withLock { $0.live.removeValue(forKey: key) }
    }

    /// Whether `stream` is the live stream of `key`.
    func isLive(_ stream: UInt64, of key: QueryKey) -> Bool {
        table.withLock { $0.live[key] == stream }
    }
}
