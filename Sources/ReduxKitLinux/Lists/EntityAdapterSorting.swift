extension EntityAdapter {
    // MARK: - Keeping ids in order

    /// Puts a new entity (not in `state` yet) in place: appended, or at its
    /// sorted place. `kept`: whether the change keeps the entities' order
    /// (``beginChange(_:searches:)``), here and below.
    @inlinable func insertNew(_ entity: Entity, id: ID, into state: inout EntityState<ID, Entity>, kept: Bool) {
        state._entities[id] = entity
        if sortComparer == nil {
            state._ids.append(id)
        } else {
            let index = insertionIndex(of: entity, in: state, within: 0..<state._ids.count, kept: kept)
            state.insertID(id, of: entity, at: index, kept: kept)
        }
    }

    /// Replaces the entity with `id` (in `state`, and the only one changed
    /// since `ids` was last sorted) with `entity`, which keeps the id: O(1)
    /// without a comparator; with one, found by its old value (``position(of:valued:in:kept:)``)
    /// and moved to its sorted place if it left it (``moveIntoPlace(_:at:after:before:in:kept:)``).
    @inlinable func replace(_ id: ID, with entity: Entity, in state: inout EntityState<ID, Entity>, kept: Bool) {
        guard let old = state._entities.updateValue(entity, forKey: id), sortComparer != nil else { return }
        let index = position(of: id, valued: old, in: state, kept: kept)
        let (previous, next) = state.replaceEntity(at: index, with: entity, kept: kept)
        moveIntoPlace(entity, at: index, after: previous, before: next, in: &state, kept: kept)
    }

    /// Where the entity with `id` is in the sorted `ids`, found by the value
    /// it had when they were sorted (`old`; the others must have theirs): a
    /// binary search, at most ⌈log₂ (n + 1)⌉ comparator calls and no scan,
    /// then a walk over the ids of the entities that compare equal to it (to
    /// the exact id). Without a comparator, a scan.
    @inlinable func position(of id: ID, valued old: Entity, in state: EntityState<ID, Entity>, kept: Bool) -> Int {
        let ids = state._ids
        guard let sortComparer else { return ids.firstIndex(of: id)! }
        var low = 0
        if kept {
            low = state.order.entities.partitionPoint(in: 0..<ids.count, stoppingAt: { ids[$0] == id }) {
                !sortComparer($0, old)
            }
        } else {
            // By id, where the entity itself may have its new value already: not read.
            var high = ids.count
            while low < high {
                let middle = low + (high - low) / 2
                let other = ids[middle]
                if other == id { return middle }
                if sortComparer(state._entities[other]!, old) { low = middle + 1 } else { high = middle }
            }
        }
        // `low` starts the entities that compare equal to `old`: it is one of them.
        if let index = ids[low...].firstIndex(of: id) { return index }
        // A comparator that is not a strict weak order: found by a scan.
        return ids.firstIndex(of: id)!
    }

    /// Moves `entity`, at `index` in `ids` between `previous` and `next`, to
    /// its sorted place if a change moved it out of it: its two neighbours
    /// checked (2 comparator calls at most), then, if out of place, a binary
    /// search among the ids on the side it went to, and a shift of the ids
    /// between. Nothing without a comparator.
    @inlinable func moveIntoPlace(
        _ entity: Entity, at index: Int, after previous: Entity?, before next: Entity?,
        in state: inout EntityState<ID, Entity>, kept: Bool
    ) {
        guard let sortComparer else { return }
        let afterPrevious = previous.map { !sortComparer(entity, $0) } ?? true
        let beforeNext = next.map { !sortComparer($0, entity) } ?? true
        if afterPrevious && beforeNext { return }
        // It belongs before `index` if it went before its previous neighbour,
        // else after: among the others, it goes where the search says.
        let target =
            afterPrevious
            ? insertionIndex(of: entity, in: state, within: index + 1..<state._ids.count, kept: kept) - 1
            : insertionIndex(of: entity, in: state, within: 0..<index, kept: kept)
        state.moveID(from: index, to: target, kept: kept)
    }

    /// Where `entity` goes among `state._ids` within `range` (sorted), after
    /// the entities that compare equal to it: a binary search, at most
    /// ⌈log₂ (count + 1)⌉ comparator calls.
    @inlinable func insertionIndex(
        of entity: Entity, in state: EntityState<ID, Entity>, within range: Range<Int>, kept: Bool
    ) -> Int {
        guard let sortComparer else { return range.upperBound }
        return state.partitionPoint(in: range, kept: kept) { sortComparer(entity, $0) }
    }

    /// Puts new entities (already in `state._entities`, not in `state._ids`)
    /// in place, in order: appended, or at their sorted places, stable (the
    /// new ones keep their order among themselves, after the entities there
    /// that compare equal). Sorted: one is placed by binary search; k are
    /// sorted among themselves (``stableSorted(_:by:)``, at most k⌈log₂ k⌉
    /// comparator calls) and merged with the n ids in one pass, each finding
    /// its place from the one before by galloping (about 2 log₂ (n / k + 1) + 1
    /// calls each), the ids between copied in runs: O(n + k log k).
    @inlinable func placeNew(_ fresh: [Entity], in state: inout EntityState<ID, Entity>, kept: Bool) {
        guard !fresh.isEmpty else { return }
        guard let sortComparer else {
            state._ids.append(contentsOf: fresh.map(selectId))
            return
        }
        guard fresh.count > 1 else {
            insertNew(fresh[0], id: selectId(fresh[0]), into: &state, kept: kept)
            return
        }
        let sortedFresh = Self.stableSorted(fresh, by: sortComparer)
        let ids = state._ids
        let count = ids.count
        var merged: [ID] = []
        var positions: [Int] = []
        merged.reserveCapacity(count + fresh.count)
        positions.reserveCapacity(fresh.count)
        // In a block: the reader (a copy of the order) ends before the order changes.
        do {
            // Kept: read from the order, chunk by chunk (the probes stay near each other).
            var reader = state.order.entities.reader
            func existing(_ index: Int) -> Entity { kept ? reader[index] : state._entities[ids[index]]! }
            var old = 0
            for entity in sortedFresh {
                // The first old id from `old` on whose entity `entity` goes before:
                // probes at old, old + 1, old + 3, old + 7…, then a binary search.
                var low = old
                var high = old
                var step = 1
                while high < count, !sortComparer(entity, existing(high)) {
                    low = high + 1
                    high = min(high + step, count)
                    step *= 2
                }
                while low < high {
                    let middle = low + (high - low) / 2
                    if sortComparer(entity, existing(middle)) { high = middle } else { low = middle + 1 }
                }
                merged.append(contentsOf: ids[old..<low])
                merged.append(selectId(entity))
                positions.append(low)
                old = low
            }
            merged.append(contentsOf: ids[old...])
        }
        state.mergeIDs(merged, adding: sortedFresh, at: positions, kept: kept)
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
