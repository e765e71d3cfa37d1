import Foundation

extension QueryCacheState {
    /// How entries are kept: by key, in the order first fetched.
    static let adapter = EntityAdapter<QueryKey, QueryEntry>(name: "QueryEntry", selectId: { $0.key })

    /// Puts `entry` in, in place of the one with its key, and keeps the
    /// index of tags and the set of requests in flight in step.
    mutating func put(_ entry: QueryEntry) {
        let previous = entries[id: entry.key]
        if previous?.providedTags != entry.providedTags {
            provided.replace(previous?.providedTags ?? [], with: entry.providedTags, for: entry.key)
        }
        if entry.status == .pending { pending.insert(entry.key) } else { pending.remove(entry.key) }
        if previous?.layers != entry.layers {
            for layer in previous?.layers ?? [] { layered[layer.id]?.remove(entry.key) }
            for layer in entry.layers { layered[layer.id, default: []].insert(entry.key) }
            for layer in previous?.layers ?? [] where layered[layer.id]?.isEmpty == true { layered[layer.id] = nil }
        }
        Self.adapter.setOne(entry, in: &entries)
    }

    /// Removes the entry under `key`, and the tags it provided.
    mutating func remove(_ key: QueryKey) {
        guard let entry = self[key] else { return }
        provided.remove(entry.providedTags, for: key)
        pending.remove(key)
        for layer in entry.layers {
            layered[layer.id]?.remove(key)
            if layered[layer.id]?.isEmpty == true { layered[layer.id] = nil }
        }
        Self.adapter.removeOne(key, from: &entries)
    }

    /// Marks the entries that provided `tags` invalidated, and records `tags`
    /// in every entry whose request is in flight (its answer may provide them).
    mutating func invalidate(_ tags: [QueryTag]) {
        guard !tags.isEmpty else { return }
        for key in provided.keys(invalidatedBy: tags) {
            guard var entry = self[key] else { continue }
            entry.isInvalidated = true
            put(entry)
        }
        for key in pending {
            guard var entry = self[key] else { continue }
            entry.tagsInvalidatedInFlight.append(contentsOf: tags)
            put(entry)
        }
    }

    /// Applies `updates` to the entries they are for, through `apply` (an
    /// update of an entry not in the cache does nothing, as RTK Query's
    /// `updateQueryData`).
    mutating func change(_ updates: [QueryCacheUpdate], _ apply: (inout QueryEntry, [QueryCacheUpdate]) -> Void) {
        guard !updates.isEmpty else { return }
        var byKey: [QueryKey: [QueryCacheUpdate]] = [:]
        var order: [QueryKey] = []
        for update in updates {
            if byKey[update.key] == nil { order.append(update.key) }
            byKey[update.key, default: []].append(update)
        }
        for key in order {
            guard var entry = self[key] else { continue }
            apply(&entry, byKey[key]!)
            put(entry)
        }
    }

    /// Makes an entry, fulfilled at `date`, for each upsert in `updates` of an
    /// entry not in the cache (the upsert then gives it its data).
    mutating func create(upsertsOf updates: [QueryCacheUpdate], fulfilledAt date: Date?) {
        for update in updates where self[update.key] == nil {
            guard case .upsert = update.change else { continue }
            var entry = QueryEntry(key: update.key)
            entry.status = .fulfilled
            entry.fulfilledAt = date
            put(entry)
        }
    }

    /// Changes, through `change`, every entry with a layer of `id`.
    mutating func changeEntries(withLayersOf id: QueryPatchID, _ change: (inout QueryEntry) -> Void) {
        for key in layered[id] ?? [] {
            guard var entry = self[key] else { continue }
            change(&entry)
            put(entry)
        }
    }
}
