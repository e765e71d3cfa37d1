extension EntityAdapter {
    /// Puts changed entities in place at once, some of them under new ids:
    /// `changes` in the order of their first update, each with the id its
    /// entity has in `state` (`original`) and the id and value it ends with.
    /// If two end with one id, the later keeps it; an entity not changed that
    /// had one of the new ids goes. Without a comparator each keeps its old
    /// place; with one, each is placed anew (after the entities that compare
    /// equal). One pass over `ids`: O(n + k), and the placing.
    @usableFromInline func applyChanged(
        _ changes: [(original: ID, id: ID, entity: Entity)], in state: inout EntityState<ID, Entity>, kept: Bool
    ) {
        // An id ends with the last change that gives it.
        var owner: [ID: Int] = [:]
        var changeOf: [ID: Int] = [:]
        for (index, change) in changes.enumerated() {
            owner[change.id] = index
            changeOf[change.original] = index
        }
        for change in changes where change.id != change.original { state._entities[change.original] = nil }
        for (index, change) in changes.enumerated() where owner[change.id] == index {
            state._entities[change.id] = change.entity
        }
        guard sortComparer != nil else {
            state._ids = state._ids.compactMap { id in
                if let index = changeOf[id] { return owner[changes[index].id] == index ? changes[index].id : nil }
                return owner[id] == nil ? id : nil
            }
            return
        }
        state.removeIDs(kept: kept) { changeOf[$0] != nil || owner[$0] != nil }
        let placed = changes.indices.filter { owner[changes[$0].id] == $0 }
        placeNew(placed.map { changes[$0].entity }, in: &state, kept: kept)
    }
}
