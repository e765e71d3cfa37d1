import Synchronization

/// What a cache counts for restoring decoded entries: how many endpoints it
/// has (a new one may restore entries that waited for it), and how many
/// restorations its reducer made (its middleware starts the eviction timers
/// of the entries each made).
final class QueryRestorations: Sendable {
    private let endpoints = Atomic<Int>(0)
    private let restorations = Atomic<Int>(0)

    /// How many endpoints the cache has.
    var endpointGeneration: Int { endpoints.load(ordering: .acquiring) }
    /// How many restorations the cache's reducer made, in any store.
    var count: Int { restorations.load(ordering: .acquiring) }

    /// An endpoint was made.
    func endpointAdded() { endpoints.add(1, ordering: .releasing) }

    /// A restoration was made: its number.
    func restored() -> Int { restorations.add(1, ordering: .acquiringAndReleasing).newValue }
}

/// An endpoint that can type a persisted entry of its own: a query whose
/// argument and value are `Decodable`.
protocol QueryEntryRestoring {
    /// The entry `persisted` holds, typed, or `nil` if the types are not
    /// `Decodable` or the JSON is not theirs.
    func restore(_ persisted: QueryPersistedEntry, coder: QueryJSONCoder) -> QueryEntry?
}

extension QueryFetching: QueryEntryRestoring {
    func restore(_ persisted: QueryPersistedEntry, coder: QueryJSONCoder) -> QueryEntry? {
        guard let argument = coder.value(persisted.argument, as: Argument.self) else { return nil }
        var data: QueryValue?
        if let json = persisted.data {
            guard let value = coder.value(json, as: Value.self) else { return nil }
            data = QueryValue(value)
        }
        return persisted.entry(key: QueryKey(endpoint: name, argument: argument), data: data)
    }
}

extension QueryCache {
    /// Types the decoded entries of `state` whose endpoint is made, if an
    /// endpoint was made since the last try (one comparison otherwise). An
    /// entry of an endpoint that cannot type it (its types are not
    /// `Decodable`, or the JSON is not of them) is dropped; one whose key
    /// already has an entry yields to it; the others wait for their endpoints.
    func restoreEntries(in state: inout QueryCacheState) {
        let generation = restorations.endpointGeneration
        guard state.unrestored.triedAt != generation else { return }
        state.unrestored.triedAt = generation
        let coder = QueryJSONCoder()
        var waiting: [QueryPersistedEntry] = []
        var restored: [QueryKey] = []
        for persisted in state.unrestored.entries {
            guard let endpoint = endpoint(named: persisted.endpoint) else {
                waiting.append(persisted)
                continue
            }
            guard let entry = (endpoint as? any QueryEntryRestoring)?.restore(persisted, coder: coder),
                state[entry.key] == nil
            else { continue }
            state.put(entry)
            restored.append(entry.key)
        }
        state.unrestored.entries = waiting
        if !restored.isEmpty { state.unrestored.lastRestored = (restorations.restored(), restored) }
    }

    /// Wraps `next` (the rest of the chain, the reducer at its end) so that,
    /// after an action whose reduction restored entries, each restored entry
    /// no one subscribes to gets its eviction timer (``QueryEntryUnused``).
    /// One comparison per action when nothing was restored.
    func startingEvictionOfRestored(
        _ next: @escaping DispatchFunction, api: MiddlewareApi<State>, subscriptions: QuerySubscriptions
    ) -> DispatchFunction {
        let seen = QueryRestorationsSeen(count: restorations.count)
        return { action in
            let result = next(action)
            let count = self.restorations.count
            guard seen.count.load(ordering: .relaxed) != count else { return result }
            seen.count.store(count, ordering: .relaxed)
            let last = api.getState()[keyPath: self.path].unrestored.lastRestored
            // Once per restoration, whichever dispatch sees it first.
            if seen.handled.max(last.number, ordering: .relaxed).oldValue < last.number {
                for key in last.keys { self.keepUnused(key, api: api, subscriptions: subscriptions) }
            }
            return result
        }
    }
}

/// What one store's cache middleware saw of its cache's restorations.
private final class QueryRestorationsSeen: Sendable {
    /// The cache's count of restorations at the last look.
    let count: Atomic<Int>
    /// The number of the last restoration of this store's state handled.
    let handled = Atomic<Int>(0)

    init(count: Int) { self.count = Atomic(count) }
}
