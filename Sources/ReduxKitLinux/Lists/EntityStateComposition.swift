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
    /// ``view(element:in:)-(_,KeyPath<State,[Element]>)``.
    ///
    /// - Parameters:
    ///   - id: The entity's identifier.
    ///   - entities: Where the entities are in this store's state.
    /// - Returns: The entity's store, or `nil` if there is no entity with `id`.
    public func view<Entity: Identifiable & Equatable>(
        element id: Entity.ID, in entities: KeyPath<State, EntityState<Entity.ID, Entity>>
    ) -> Store<Entity>? where Entity.ID: Sendable {
        guard let first = backend.read({ $0[keyPath: entities]._entities[id] }) else { return nil }
        var lastSeen = first
        return scoped(
            value: { state in
                if let entity = state[keyPath: entities]._entities[id] { lastSeen = entity }
                return lastSeen
            },
            isRepeat: ==, embed: { ElementAction(id: id, action: $0) },
            isGone: { $0[keyPath: entities]._entities[id] == nil })
    }
}
