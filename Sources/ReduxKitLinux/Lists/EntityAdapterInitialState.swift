/// Redux Toolkit's `adapter.getInitialState()`: an entity state to start
/// from, empty or holding entities.
///
/// RTK's extra fields (`getInitialState({ loading: 'idle' })`) are the fields
/// of a state of your own beside the entity state:
///
/// ```swift
/// struct TodosState {
///     var todos = todosAdapter.getInitialState()
///     var loading = Loading.idle
/// }
/// ```
extension EntityAdapter {
    /// An empty entity state (RTK's `getInitialState()`).
    ///
    /// - Returns: A state with no entities.
    public func getInitialState() -> EntityState<ID, Entity> {
        EntityState()
    }

    /// An entity state holding `entities`, as ``setAll(_:in:)-(Sequence<Entity>,_)`` leaves it
    /// (RTK's `getInitialState(extra, entities)`): in order, or sorted when
    /// the adapter sorts; of two with one id, the last is kept.
    ///
    /// - Parameter entities: The entities.
    /// - Returns: The state.
    @inlinable
    public func getInitialState(_ entities: some Sequence<Entity>) -> EntityState<ID, Entity> {
        var state = EntityState<ID, Entity>()
        setAll(entities, in: &state)
        return state
    }
}

extension EntityAdapter where ID: Comparable {
    /// An entity state holding the entities of a dictionary (RTK's
    /// `getInitialState(extra, record)`), taken in the order of their keys,
    /// as ``setAll(_:in:)-([ID:Entity],_)`` takes them.
    ///
    /// - Parameter entities: The entities, by id.
    /// - Returns: The state.
    @inlinable
    public func getInitialState(_ entities: [ID: Entity]) -> EntityState<ID, Entity> {
        var state = EntityState<ID, Entity>()
        setAll(entities, in: &state)
        return state
    }
}
