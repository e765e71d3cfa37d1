/// The entities of an ``EntityState`` in the order of its ids, which a
/// sorted ``EntityAdapter`` keeps beside them: its binary searches then read
/// the entities they compare from one array, where otherwise each is looked
/// up by id (a hash and a probe: at 100,000 entities, 17 per search). It
/// costs a copy of each entity's inline bytes (what they point to is shared
/// with the dictionary's), in chunks of about 4 KB (``ChunkedArray``), so an
/// insertion or removal moves the rest of one chunk as well as the ids.
///
/// It is current while its `version` is the state's: a sorted adapter keeps
/// it in step with every change it makes, then stamps it. Any other change
/// (a `forEach` reducer changing an entity in place, an unsorted adapter's,
/// decoding) moves the state's version on and leaves it stale. A sorted
/// adapter then drops it and looks entities up by id, as if there were none,
/// and rebuilds it (n lookups) once the lookups it has made since reach n:
/// never more than twice the lookups it would make without it.
@usableFromInline
struct EntityOrder<Entity> {
    /// The entities, in the order of the state's ids (when current).
    @usableFromInline var entities: ChunkedArray<Entity>
    /// The state's version when `entities` was last in step with it.
    @usableFromInline var version: UInt64
    /// About how many lookups by id a sorted adapter has made since it went stale.
    @usableFromInline var debt: Int

    /// No entities, current for a state of `version` (if that has none).
    @inlinable
    init(version: UInt64) {
        entities = ChunkedArray()
        self.version = version
        debt = 0
    }
}

extension EntityOrder: Sendable where Entity: Sendable {}

extension EntityState {
    /// Whether `order` is in step with `_ids` and `_entities`.
    @inlinable var isOrderCurrent: Bool { order.version == version }

    /// The first index in `range` at whose entity `isAfter` holds (or
    /// `range.upperBound`), for a predicate false then true across `range`:
    /// a binary search, at most ⌈log₂ (count + 1)⌉ calls of `isAfter`. If
    /// the order is `kept`, it searches its chunks (``ChunkedArray/partitionPoint(in:where:)``):
    /// about one call more, and no lookup by id.
    @inlinable @inline(__always)
    func partitionPoint(in range: Range<Int>, kept: Bool, where isAfter: (Entity) -> Bool) -> Int {
        guard kept, !range.isEmpty else {
            var low = range.lowerBound
            var high = range.upperBound
            while low < high {
                let middle = low + (high - low) / 2
                if isAfter(_entities[_ids[middle]]!) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        return order.entities.partitionPoint(in: range, where: isAfter)
    }

    /// Puts `entity`, the new value of the entity at `index` (in
    /// `_entities` already), in the order, if `kept`; returns the entities
    /// before and after it (if any).
    @inlinable
    mutating func replaceEntity(at index: Int, with entity: Entity, kept: Bool) -> (
        previous: Entity?, next: Entity?
    ) {
        if kept { return order.entities.replace(at: index, with: entity) }
        return (
            index > 0 ? _entities[_ids[index - 1]]! : nil, index + 1 < _ids.count ? _entities[_ids[index + 1]]! : nil
        )
    }

    /// Inserts `id`, whose entity is `entity`, into `_ids` at `index` (and
    /// `entity` into `order`, if `kept`).
    @inlinable
    mutating func insertID(_ id: ID, of entity: Entity, at index: Int, kept: Bool) {
        _ids.insert(id, at: index)
        if kept { order.entities.insert(entity, at: index) }
    }

    /// Removes the id at `index` from `_ids` (and its entity from `order`, if `kept`).
    @inlinable
    mutating func removeID(at index: Int, kept: Bool) {
        _ids.remove(at: index)
        if kept { order.entities.remove(at: index) }
    }

    /// Moves the id at `from` to `to` in `_ids` (and its entity in `order`,
    /// if `kept`), shifting only the ids between: O(|to - from|).
    @inlinable
    mutating func moveID(from: Int, to: Int, kept: Bool) {
        guard from != to else { return }
        Self.move(from: from, to: to, in: &_ids)
        if kept { order.entities.move(from: from, to: to) }
    }

    /// Moves the element at `from` to `to` in `array`, the ones between
    /// shifted by one place.
    @inlinable
    static func move<Element>(from: Int, to: Int, in array: inout [Element]) {
        precondition(array.indices.contains(from) && array.indices.contains(to))
        array.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            let moving = (base + from).move()
            if from < to {
                (base + from).moveInitialize(from: base + from + 1, count: to - from)
            } else {
                (base + to + 1).moveInitialize(from: base + to, count: from - to)
            }
            (base + to).initialize(to: moving)
        }
    }

    /// Removes the ids for which `isRemoved` is true, in one pass (and their
    /// entities from `order`, if `kept`).
    @inlinable
    mutating func removeIDs(kept: Bool, where isRemoved: (ID) -> Bool) {
        guard kept else {
            _ids.removeAll(where: isRemoved)
            return
        }
        let removed = _ids.indices.filter { isRemoved(_ids[$0]) }
        _ids.remove(atSorted: removed)
        order.entities.remove(atSorted: removed)
    }

    /// Makes `ids` the ids: the ones there and, merged in, new ones whose
    /// entities are `entities`, each before the id that was at its position
    /// in `positions` (inserted into `order` at those places, if `kept`).
    @inlinable
    mutating func mergeIDs(_ ids: [ID], adding entities: [Entity], at positions: [Int], kept: Bool) {
        _ids = ids
        if kept { order.entities.insert(entities, at: positions) }
    }
}

extension EntityAdapter {
    /// Whether this change of `state`, about to make `searches` binary
    /// searches, keeps its entities' order (``EntityOrder``): always if it is
    /// current; never without a comparator. A stale order is dropped, and
    /// rebuilt once the lookups by id made since it went stale (about
    /// `searches` × log₂ n for this change) reach n. Asked before the change
    /// writes anything, and followed by ``endChange(_:keptOrder:)``.
    @inlinable
    func beginChange(_ state: inout EntityState<ID, Entity>, searches: Int) -> Bool {
        guard sortComparer != nil else { return false }
        if state.isOrderCurrent { return true }
        let count = state._ids.count
        state.order.debt &+= searches &* (Int.bitWidth &- count.leadingZeroBitCount &+ 1)
        guard state.order.debt >= count else {
            if state.order.entities.count > 0 { state.order.entities = ChunkedArray() }
            return false
        }
        let entities = state._entities
        state.order.entities = ChunkedArray(state._ids.lazy.map { entities[$0]! })
        return true
    }

    /// Stamps `state`'s order as current after a change that kept it.
    @inlinable
    func endChange(_ state: inout EntityState<ID, Entity>, keptOrder: Bool) {
        guard keptOrder else { return }
        state.order.version = state.version
        state.order.debt = 0
    }
}
