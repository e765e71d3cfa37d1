/// A change to one entity (Redux Toolkit's `Update<T>`: `{ id, changes }`).
/// In Swift an entity is a whole value, so the changes are a function that
/// changes it in place; changing its id moves it to the new id.
///
/// ```swift
/// books.updateOne(EntityUpdate(id: "a") { $0.title = "Jazz" }, in: &state.books)
/// ```
public struct EntityUpdate<ID: Hashable & Sendable, Entity>: Sendable {
    /// The id of the entity to change, when the update applies.
    public let id: ID
    /// Changes the entity in place.
    public let changes: @Sendable (inout Entity) -> Void

    /// An update of the entity with `id`.
    ///
    /// - Parameters:
    ///   - id: The entity's id.
    ///   - changes: Changes the entity in place.
    public init(id: ID, changes: @escaping @Sendable (inout Entity) -> Void) {
        self.id = id
        self.changes = changes
    }
}

extension EntityAdapter {
    // MARK: - Updating

    /// Changes the entity with `update.id`, if it is there (RTK's
    /// `updateOne`). If the changes give it another id, it moves to that id,
    /// keeping its place (an entity already at the new id is replaced by it).
    ///
    /// - Parameters:
    ///   - update: The id and the changes.
    ///   - state: The state to change.
    @inlinable
    public func updateOne(_ update: EntityUpdate<ID, Entity>, in state: inout EntityState<ID, Entity>) {
        guard var entity = state._entities[update.id] else { return }
        update.changes(&entity)
        let newID = selectId(entity)
        guard newID != update.id else {
            state._entities[update.id] = entity
            keepSorted(update.id, in: &state)
            return
        }
        applyChanged([(update.id, newID, entity)], in: &state)
    }

    /// Applies the updates as one change (RTK's `updateMany`): each update is
    /// addressed to the entity that had its id when the batch began, and
    /// several updates of one entity all apply, in order, each to the entity
    /// as the one before left it — an update that changes its id included, so
    /// a later update addressed to its old id still reaches it. An update
    /// addressed to an id no entity had when the batch began reaches the
    /// entity an earlier update of the batch gave that id, if any. If two
    /// entities end with one id, the one updated last keeps it, at its own
    /// place (and an entity not updated that had the id goes).
    ///
    /// - Parameters:
    ///   - updates: The updates.
    ///   - state: The state to change.
    @inlinable
    public func updateMany(_ updates: some Sequence<EntityUpdate<ID, Entity>>, in state: inout EntityState<ID, Entity>)
    {
        // Each entity's updates, merged in order, keyed by the id it had when the batch began.
        var changed: [ID: (id: ID, entity: Entity)] = [:]
        var originals: [ID] = []
        // The ids the batch gave, to the original ids of the entities that have them now.
        var givenTo: [ID: ID] = [:]
        for update in updates {
            let original: ID
            if state._entities[update.id] != nil {
                original = update.id
            } else if let renamed = givenTo[update.id] {
                original = renamed
            } else {
                continue
            }
            let before = changed[original]
            if before == nil { originals.append(original) }
            var entity = before?.entity ?? state._entities[original]!
            update.changes(&entity)
            let id = selectId(entity)
            if let previous = before?.id, previous != id, previous != original { givenTo[previous] = nil }
            if id != original { givenTo[id] = original }
            changed[original] = (id, entity)
        }
        let changes = originals.map { (original: $0, id: changed[$0]!.id, entity: changed[$0]!.entity) }
        guard changes.contains(where: { $0.id != $0.original }) else {
            for change in changes {
                state._entities[change.id] = change.entity
                keepSorted(change.id, in: &state)
            }
            return
        }
        applyChanged(changes, in: &state)
    }

    // MARK: - Upserting

    /// Adds `entity`, or replaces the entity with its id (RTK's `upsertOne`:
    /// RTK merges the given fields into the entity there; a Swift entity is a
    /// whole value, so it is replaced, as `setOne` does; merge fields with
    /// ``updateOne(_:in:)``).
    ///
    /// - Parameters:
    ///   - entity: The entity.
    ///   - state: The state to change.
    @inlinable
    public func upsertOne(_ entity: Entity, in state: inout EntityState<ID, Entity>) {
        setOne(entity, in: &state)
    }

    /// Upserts each entity in order: of two with one id, the last is kept
    /// (RTK's `upsertMany`).
    ///
    /// - Parameters:
    ///   - entities: The entities.
    ///   - state: The state to change.
    @inlinable
    public func upsertMany(_ entities: some Sequence<Entity>, in state: inout EntityState<ID, Entity>) {
        setMany(entities, in: &state)
    }

    // MARK: - Keeping ids in order

    /// Puts a new entity (not in `state` yet) in place: appended, or at its
    /// sorted place.
    @usableFromInline func insertNew(_ entity: Entity, id: ID, into state: inout EntityState<ID, Entity>) {
        state._entities[id] = entity
        if sortComparer == nil {
            state._ids.append(id)
        } else {
            state._ids.insert(id, at: insertionIndex(of: entity, in: state, within: 0..<state._ids.count))
        }
    }

    /// Puts new entities (already in `state._entities`, not in `state._ids`) in
    /// place, in order: appended, or at their sorted places (one by one when
    /// they are few; sorted and merged in one pass when they are many).
    @usableFromInline func placeNew(_ fresh: [Entity], in state: inout EntityState<ID, Entity>) {
        guard !fresh.isEmpty else { return }
        guard let sortComparer else {
            state._ids.append(contentsOf: fresh.map(selectId))
            return
        }
        let count = state._ids.count
        if fresh.count * 8 < count {
            for entity in fresh {
                state._ids.insert(
                    selectId(entity), at: insertionIndex(of: entity, in: state, within: 0..<state._ids.count))
            }
            return
        }
        // Stable: the new ones sorted among themselves keep their order, and
        // come after the entities already there that compare equal.
        let sortedFresh = fresh.enumerated().sorted { left, right in
            if sortComparer(left.element, right.element) { return true }
            if sortComparer(right.element, left.element) { return false }
            return left.offset < right.offset
        }.map(\.element)
        var merged: [ID] = []
        merged.reserveCapacity(count + fresh.count)
        var old = 0
        for entity in sortedFresh {
            while old < count, !sortComparer(entity, state._entities[state._ids[old]]!) {
                merged.append(state._ids[old])
                old += 1
            }
            merged.append(selectId(entity))
        }
        merged.append(contentsOf: state._ids[old...])
        state._ids = merged
    }

    /// Moves the entity with `id` to its sorted place if its change moved it
    /// out of it: its two neighbours checked (2 comparator calls at most),
    /// then, if out of place, a binary search. Nothing without a comparator.
    @usableFromInline func keepSorted(_ id: ID, in state: inout EntityState<ID, Entity>) {
        guard let sortComparer, let index = state._ids.firstIndex(of: id), let entity = state._entities[id] else {
            return
        }
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
    @usableFromInline func insertionIndex(
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
}
