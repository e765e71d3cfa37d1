/// Which entries provided which tags, by tag type then id (RTK Query's
/// `provided` index), so invalidating a tag finds its entries without
/// looking at every entry.
struct ProvidedTags: Equatable, Sendable {
    /// The entries that provided each tag, by the tag's type, then its id
    /// (`nil`: a tag of the type naming no one item).
    private(set) var byType: [String: [String?: Set<QueryKey>]] = [:]

    /// Records that `key` now provides `tags` (instead of `previous`).
    mutating func replace(_ previous: [QueryTag], with tags: [QueryTag], for key: QueryKey) {
        remove(previous, for: key)
        for tag in tags { byType[tag.type, default: [:]][tag.id, default: []].insert(key) }
    }

    /// Forgets that `key` provided `tags`.
    mutating func remove(_ tags: [QueryTag], for key: QueryKey) {
        for tag in tags {
            guard var ids = byType[tag.type], var keys = ids[tag.id] else { continue }
            keys.remove(key)
            ids[tag.id] = keys.isEmpty ? nil : keys
            byType[tag.type] = ids.isEmpty ? nil : ids
        }
    }

    /// The entries that invalidating `tags` reaches: for a tag with an id,
    /// those that provided it; for a tag without one, every entry that
    /// provided a tag of its type.
    func keys(invalidatedBy tags: [QueryTag]) -> Set<QueryKey> {
        var found: Set<QueryKey> = []
        for tag in tags {
            guard let ids = byType[tag.type] else { continue }
            if let id = tag.id {
                found.formUnion(ids[id] ?? [])
            } else {
                for keys in ids.values { found.formUnion(keys) }
            }
        }
        return found
    }
}

extension QueryTag {
    /// Whether invalidating `invalidated` reaches an entry that provided this tag.
    func isInvalidated(by invalidated: QueryTag) -> Bool {
        type == invalidated.type && (invalidated.id == nil || invalidated.id == id)
    }
}
