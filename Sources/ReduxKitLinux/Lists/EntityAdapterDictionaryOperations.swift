/// The batch operations given a dictionary of entities, as Redux Toolkit's
/// take a `Record<Id, T>` as well as an array: `addMany`, `setMany`,
/// `upsertMany` and `setAll`, as mutating functions and as actions.
///
/// **Order.** A Swift dictionary's order is unspecified and changes from one
/// launch to the next (hashing is seeded per process), so the entities are
/// taken in the order of their keys, ascending: the ids of an adapter that
/// does not sort come out in that order, every launch (RTK takes the
/// record's `Object.values` order, ascending for integer keys). An action
/// made from a dictionary holds its entities as an array in that order, so
/// it is written to a log and replayed as it applied. Each entity's id is
/// its `selectId`, as in RTK, which reads the record's values only: keep the
/// keys the ids.
///
/// ```swift
/// let books = EntityAdapter<String, Book>(selectId: \.bookID)
/// books.addMany(["b": Book(bookID: "b", title: "Dune"), "a": Book(bookID: "a", title: "Beloved")], to: &state.books)
/// state.books.ids  // ["a", "b"]
/// ```
extension EntityAdapter where ID: Comparable {
    /// Adds each entity whose id is not there yet, in the order of the keys
    /// (RTK's `addMany` given a record).
    ///
    /// - Parameters:
    ///   - entities: The entities, by id.
    ///   - state: The state to change.
    @inlinable
    public func addMany(_ entities: [ID: Entity], to state: inout EntityState<ID, Entity>) {
        addMany(Self.inKeyOrder(entities), to: &state)
    }

    /// Sets each entity, in the order of the keys (RTK's `setMany` given a record).
    ///
    /// - Parameters:
    ///   - entities: The entities, by id.
    ///   - state: The state to change.
    @inlinable
    public func setMany(_ entities: [ID: Entity], in state: inout EntityState<ID, Entity>) {
        setMany(Self.inKeyOrder(entities), in: &state)
    }

    /// Upserts each entity, in the order of the keys (RTK's `upsertMany`
    /// given a record).
    ///
    /// - Parameters:
    ///   - entities: The entities, by id.
    ///   - state: The state to change.
    @inlinable
    public func upsertMany(_ entities: [ID: Entity], in state: inout EntityState<ID, Entity>) {
        upsertMany(Self.inKeyOrder(entities), in: &state)
    }

    /// Replaces every entity with these, in the order of the keys (RTK's
    /// `setAll` given a record).
    ///
    /// - Parameters:
    ///   - entities: The entities, by id.
    ///   - state: The state to change.
    @inlinable
    public func setAll(_ entities: [ID: Entity], in state: inout EntityState<ID, Entity>) {
        setAll(Self.inKeyOrder(entities), in: &state)
    }

    // MARK: - Action creators

    /// The action of ``addMany(_:to:)-([ID:Entity],_)``: its entities in the order of the keys.
    /// - Parameter entities: The entities, by id.
    /// - Returns: The action.
    public func addMany(_ entities: [ID: Entity]) -> EntityAction<ID, Entity> {
        addMany(Self.inKeyOrder(entities))
    }

    /// The action of ``setMany(_:in:)-([ID:Entity],_)``: its entities in the order of the keys.
    /// - Parameter entities: The entities, by id.
    /// - Returns: The action.
    public func setMany(_ entities: [ID: Entity]) -> EntityAction<ID, Entity> {
        setMany(Self.inKeyOrder(entities))
    }

    /// The action of ``upsertMany(_:in:)-([ID:Entity],_)``: its entities in the order of the keys.
    /// - Parameter entities: The entities, by id.
    /// - Returns: The action.
    public func upsertMany(_ entities: [ID: Entity]) -> EntityAction<ID, Entity> {
        upsertMany(Self.inKeyOrder(entities))
    }

    /// The action of ``setAll(_:in:)-([ID:Entity],_)``: its entities in the order of the keys.
    /// - Parameter entities: The entities, by id.
    /// - Returns: The action.
    public func setAll(_ entities: [ID: Entity]) -> EntityAction<ID, Entity> {
        setAll(Self.inKeyOrder(entities))
    }

    /// The values of `entities`, in the order of their keys.
    @inlinable static func inKeyOrder(_ entities: [ID: Entity]) -> [Entity] {
        entities.sorted { $0.key < $1.key }.map(\.value)
    }
}
