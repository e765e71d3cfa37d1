extension EntityAdapter {
    // MARK: - Keeping ids in order

    /// Puts a new entity (not in `state` yet) in place: appended, or at its
    /// sorted place.
    @inlinable func insertNew(_ entity: Entity, id: ID, into state: inout EntityState<ID, Entity>) {
        state._entities[id] = entity
        if sortComparer == nil {
            state._ids.append(id)
        } else {
            state._ids.insert(id, at: insertionIndex(of: entity, in: state, within: 0..<state._ids.count))
        }
    }

    /// Replaces the entity with `id` (in `state`, and the only one changed
    /// since `ids` was last sorted) with `entity`, which keeps the id: O(1)
    /// without a comparator; with one, found by its old value (``position(of:valued:in:)``)
    /// and moved to its sorted place if it left it (``moveIntoPlace(at:in:)``).
    @inlinable func replace(_ id: ID, with entity: Entity, in state: inout EntityState<ID, Entity>) {
        guard let old = state._entities.updateValue(entity, forKey: id), sortComparer != nil else { return }
        moveIntoPlace(at: position(of: id, valued: old, in: state), in: &state)
    }

    /// Where the entity with `id` is in the sorted `ids`, found by the value
    /// it had when they were sorted (`old`; the others must have theirs): a
    /// binary search, at most ⌈log₂ (n + 1)⌉ comparator calls and no scan,
    /// then a walk over the ids of the entities that compare equal to it (to
    /// the exact id). Without a comparator, a scan.
    @inlinable func position(of id: ID, valued old: Entity, in state: EntityState<ID, Entity>) -> Int {
        let ids = state._ids
        guard let sortComparer else { return ids.firstIndex(of: id)! }
        var low = 0
        var high = ids.count
        while low < high {
            let middle = low + (high - low) / 2
            let other = ids[middle]
            if other == id { return middle }
            if sortComparer(state._entities[other]!, old) { low = middle + 1 } else { high = middle }
        }
        // `low` starts the entities that compare equal to `old`: it is one of them.
        if let index = ids[low...].firstIndex(of: id) { return index }
        // A comparator that is not a strict weak order: found by a scan.
        return ids.firstIndex(of: id)!
    }

    /// Moves the entity at `index` in `ids` to its sorted place if a change
    /// moved it out of it: its two neighbours checked (2 comparator calls at
    /// most), then, if out of place, a binary search. Nothing without a comparator.
    @inlinable func moveIntoPlace(at index: Int, in state: inout EntityState<ID, Entity>) {
        guard let sortComparer else { return }
        let id = state._ids[index]
        let entity = state._entities[id]!
        let last = state._ids.count - 1
        let afterPrevious = index == 0 || !sortComparer(entity, state._entities[state._ids[index - 1]]!)
        let beforeNext = index == last || !sortComparer(state._entities[state._ids[index + 1]]!, entity)
        if afterPrevious && beforeNext { return }
        state._ids.remove(at: index)
        // It belongs before `index` if it went before its previous neighbour, else after.
        let range = afterPrevious ? index..<state._ids.count : 0..<index
        state._ids.insert(id, at: insertionIndex(of: entity, in: state, within: range))
    }

    /// Where `entity` goes among `state._ids` within `range` (sorted), after
    /// the entities that compare equal to it: a binary search, at most
    /// ⌈log₂ (count + 1)⌉ comparator calls.
    @inlinable func insertionIndex(
        of entity: Entity, in state: EntityState<ID, Entity>, within range: Range<Int>
    ) -> Int {
        guard let sortComparer else { return range.upperBound }
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if sortComparer(entity, state._entities[state._ids[middle]]!) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }

    /// Puts new entities (already in `state._entities`, not in `state._ids`)
    /// in place, in order: appended, or at their sorted places, stable (the
    /// new ones keep their order among themselves, after the entities there
    /// that compare equal). Sorted: one is placed by binary search; k are
    /// sorted among themselves (``stableSorted(_:by:)``, at most k⌈log₂ k⌉
    /// comparator calls) and merged with the n ids in one pass, each finding
    /// its place from the one before by galloping (about 2 log₂ (n / k + 1) + 1
    /// calls each), the ids between copied in runs: O(n + k log k).
    @inlinable func placeNew(_ fresh: [Entity], in state: inout EntityState<ID, Entity>) {
        guard !fresh.isEmpty else { return }
        guard let sortComparer else {
            state._ids.append(contentsOf: fresh.map(selectId))
            return
        }
        guard fresh.count > 1 else {
            insertNew(fresh[0], id: selectId(fresh[0]), into: &state)
            return
        }
        let sortedFresh = Self.stableSorted(fresh, by: sortComparer)
        let ids = state._ids
        let count = ids.count
        var merged: [ID] = []
        merged.reserveCapacity(count + fresh.count)
        var old = 0
        for entity in sortedFresh {
            // The first old id from `old` on whose entity `entity` goes before:
            // probes at old, old + 1, old + 3, old + 7…, then a binary search.
            var low = old
            var high = old
            var step = 1
            while high < count, !sortComparer(entity, state._entities[ids[high]]!) {
                low = high + 1
                high = min(high + step, count)
                step *= 2
            }
            while low < high {
                let middle = low + (high - low) / 2
                if sortComparer(entity, state._entities[ids[middle]]!) { high = middle } else { low = middle + 1 }
            }
            merged.append(contentsOf: ids[old..<low])
            merged.append(selectId(entity))
            old = low
        }
        merged.append(contentsOf: ids[old...])
        state._ids = merged
    }

    /// `items` sorted by `areInIncreasingOrder`, stable (items that compare
    /// equal keep their order): a bottom-up merge sort asking the comparator
    /// once per comparison, at most k⌈log₂ k⌉ calls for k items.
    @inlinable static func stableSorted(
        _ items: [Entity], by areInIncreasingOrder: (Entity, Entity) -> Bool
    ) -> [Entity] {
        let count = items.count
        guard count > 1 else { return items }
        var source = Array(0..<count)
        var target = source
        var width = 1
        while width < count {
            var start = 0
            while start < count {
                let middle = min(start + width, count)
                let end = min(start + 2 * width, count)
                var left = start
                var right = middle
                var out = start
                while left < middle, right < end {
                    // The right one goes first only if it goes strictly before.
                    if areInIncreasingOrder(items[source[right]], items[source[left]]) {
                        target[out] = source[right]
                        right += 1
                    } else {
                        target[out] = source[left]
                        left += 1
                    }
                    out += 1
                }
                while left < middle {
                    target[out] = source[left]
                    left += 1
                    out += 1
                }
                while right < end {
                    target[out] = source[right]
                    right += 1
                    out += 1
                }
                start = end
            }
            swap(&source, &target)
            width *= 2
        }
        return source.map { items[$0] }
    }
}
