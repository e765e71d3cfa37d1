/// `forEach(_:state:)` and ``Store/view(element:in:)->Store<Entity>?`` over an
/// ``EntityState``: the entity is found by id in O(1), as in an
/// ``IdentifiedArray``.

/// Lifts an entity's reducer to an ``EntityState`` in the parent's state: an
/// ``ElementAction`` runs the reducer on the entity with its `id`, in place;
/// other actions do not reach it, and neither does an action for an id no
/// longer there. The reducer must keep the entity's id (change an id with
/// the adapter's `updateOne`).
///
/// - Parameters:
///   - reducer: The entity's reducer, given its own actions.
///   - state: Where the entities live in the parent's state.
/// - Returns: An in-place reducer of the parent's state.
@inlinable
public func forEach<Parent, Entity: Identifiable>(
    _ reducer: @escaping InPlaceReducer<Entity>,
    state: WritableKeyPath<Parent, EntityState<Entity.ID, Entity>>
) -> InPlaceReducer<Parent> where Entity.ID: Sendable {
    { parent, action in
        guard let elementAction = action as? ElementAction<Entity.ID>,
            parent[keyPath: state]._entities[elementAction.id] != nil
        else { return }
        reducer(&parent[keyPath: state]._entities[elementAction.id]!, elementAction.action)
        if parent[keyPath: state]._entities[elementAction.id]!.id != elementAction.id {
            Misuse.fail(Misuse.entityIDChangedByReducer(String(describing: elementAction.id)))
        }
    }
}

extension Store {
    /// A store for one entity of an ``EntityState`` in this store's state,
    /// found by `id` in O(1); otherwise as the array form,
    /// ``view(element:in:)-(_,KeyPath<State,[Element]>)``. Besides an
    /// ``ElementAction``, an entity adapter's action naming the entity
    /// (`setOne`, `upsertOne`, `updateOne`, their `Many` forms, `setAll`)
    /// hands the store its entity, so it keeps the entity as it last was once
    /// the entity is removed. Effects started through it end when its id
    /// leaves `ids`.
    ///
    /// - Parameters:
    ///   - id: The entity's identifier.
    ///   - entities: Where the entities are in this store's state.
    /// - Returns: The entity's store, or `nil` if there is no entity with `id`.
    @inlinable
    public func view<Entity: Identifiable & Equatable>(
        element id: Entity.ID, in entities: KeyPath<State, EntityState<Entity.ID, Entity>>
    ) -> Store<Entity>? where Entity.ID: Sendable {
        guard let row = rowStore(id, in: entities, as: EntityRowIDs<Entity>.self) else { return nil }
        rowDepartures(of: entities, as: EntityRowIDs<Entity>.self).lastValues.follow(
            id, row.lastValue, of: row.store.backend, parent: self)
        return row.store
    }
}
