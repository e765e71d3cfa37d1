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
        Self.adapter.setOne(entry, in: &entries)
    }

    /// Removes the entry under `key`, and the tags it provided.
    mutating func remove(_ key: QueryKey) {
        guard let entry = self[key] else { return }
        provided.remove(entry.providedTags, for: key)
        pending.remove(key)
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
}
