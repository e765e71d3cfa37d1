/// A change to one entity (Redux Toolkit's `Update<T>`: `{ id, changes }`).
/// In Swift an entity is a whole value, so the changes are a function that
/// changes it in place; changing its id moves it to the new id.
///
/// ```swift
/// books.updateOne(EntityUpdate(id: "a") { $0.title = "Jazz" }, in: &state.books)
/// ```
///
/// Made from an ``EntityChanges`` value instead, the changes are data, as
/// RTK's: the update encodes to `{ "id", "changes" }`, so its action can be
/// written to an action log and replayed (see ``ChangeableEntity``).
public struct EntityUpdate<ID: Hashable & Sendable, Entity>: Sendable {
    /// The id of the entity to change, when the update applies.
    public let id: ID
    /// Changes the entity in place.
    public let changes: @Sendable (inout Entity) -> Void
    /// The changes as data, when the update was made from an ``EntityChanges``
    /// value (`nil` for a closure): what encoding the update writes.
    public let changesValue: (any EntityChanges<Entity>)?

    /// An update of the entity with `id`.
    ///
    /// - Parameters:
    ///   - id: The entity's id.
    ///   - changes: Changes the entity in place.
    public init(id: ID, changes: @escaping @Sendable (inout Entity) -> Void) {
        self.id = id
        self.changes = changes
        self.changesValue = nil
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
        let kept = beginChange(&state, searches: 1)
        defer { endChange(&state, keptOrder: kept) }
        guard newID != update.id else {
            replace(update.id, with: entity, in: &state, kept: kept)
            return
        }
        applyChanged([(update.id, newID, entity)], in: &state, kept: kept)
    }

    /// Applies the updates as one change (RTK's `updateMany`): each update is
    /// addressed to the entity that had its id when the batch began, and
    /// several updates of one entity all apply, in order, each to the entity
    /// as the one before left it — an update that changes its id included, so
    /// a later update addressed to its old id still reaches it. An update
    /// addressed to an id no entity had when the batch began reaches the
    /// entity an earlier update of the batch gave that id, if any. If two
    /// entities end with one id, the one first updated later keeps it, at its own
    /// place (and an entity not updated that had the id goes).
    ///
    /// - Parameters:
    ///   - updates: The updates.
    ///   - state: The state to change.
    @inlinable
    public func updateMany(_ updates: some Sequence<EntityUpdate<ID, Entity>>, in state: inout EntityState<ID, Entity>)
    {
        // Each entity's updates, merged in order, in the order of its first
        // one: `slot` finds it by the id it had when the batch began.
        var changes: [(original: ID, id: ID, entity: Entity)] = []
        var slot: [ID: Int] = [:]
        changes.reserveCapacity(updates.underestimatedCount)
        slot.reserveCapacity(updates.underestimatedCount)
        // The ids the batch gave, to the slots of the entities that have them now.
        var givenTo: [ID: Int] = [:]
        for update in updates {
            let index: Int
            if let known = slot[update.id] {
                index = known
            } else if let entity = state._entities[update.id] {
                index = changes.count
                slot[update.id] = index
                changes.append((update.id, update.id, entity))
            } else if let renamed = givenTo[update.id] {
                index = renamed
            } else {
                continue
            }
            update.changes(&changes[index].entity)
            let previous = changes[index].id
            let id = selectId(changes[index].entity)
            guard id != previous else { continue }
            if previous != changes[index].original { givenTo[previous] = nil }
            if id != changes[index].original { givenTo[id] = index }
            changes[index].id = id
        }
        guard !changes.isEmpty else { return }
        let kept = beginChange(&state, searches: changes.count)
        defer { endChange(&state, keptOrder: kept) }
        // Without renames, and few in a sorted adapter: each in place, found by its old value.
        let few = sortComparer == nil || changes.count <= max(8, state._ids.count / 8)
        if few, !changes.contains(where: { $0.id != $0.original }) {
            for change in changes { replace(change.id, with: change.entity, in: &state, kept: kept) }
            return
        }
        applyChanged(changes, in: &state, kept: kept)
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
}
