/// An entity adapter's operation as an action (Redux Toolkit's adapter
/// methods used as case reducers): made by the adapter
/// (`books.addOne(book)`), applied by its ``EntityAdapter/reducer(state:)``
/// to the state it is mounted on, and by no other adapter's.
public struct EntityAction<ID: Hashable & Sendable, Entity: Sendable>: Action {
    /// What the action does to the state.
    public enum Operation: Sendable {
        /// ``EntityAdapter/addOne(_:to:)``.
        case addOne(Entity)
        /// ``EntityAdapter/addMany(_:to:)-(Sequence<Entity>,_)``.
        case addMany([Entity])
        /// ``EntityAdapter/setOne(_:in:)``.
        case setOne(Entity)
        /// ``EntityAdapter/setMany(_:in:)-(Sequence<Entity>,_)``.
        case setMany([Entity])
        /// ``EntityAdapter/setAll(_:in:)-(Sequence<Entity>,_)``.
        case setAll([Entity])
        /// ``EntityAdapter/removeOne(_:from:)``.
        case removeOne(ID)
        /// ``EntityAdapter/removeMany(_:from:)``.
        case removeMany([ID])
        /// ``EntityAdapter/removeAll(from:)``.
        case removeAll
        /// ``EntityAdapter/updateOne(_:in:)``.
        case updateOne(EntityUpdate<ID, Entity>)
        /// ``EntityAdapter/updateMany(_:in:)``.
        case updateMany([EntityUpdate<ID, Entity>])
        /// ``EntityAdapter/upsertOne(_:in:)``.
        case upsertOne(Entity)
        /// ``EntityAdapter/upsertMany(_:in:)-(Sequence<Entity>,_)``.
        case upsertMany([Entity])
    }

    /// The name of the adapter whose reducer applies it.
    public let adapter: String
    /// What it does.
    public let operation: Operation

    /// An action for the adapter named `adapter`.
    ///
    /// - Parameters:
    ///   - adapter: The adapter's name.
    ///   - operation: What it does.
    public init(adapter: String, operation: Operation) {
        self.adapter = adapter
        self.operation = operation
    }

    /// `<adapter>/<operation>`, as `Book/addOne`, for logs and tools.
    public var type: String { "\(adapter)/\(operation.name)" }
}

extension EntityAdapter {
    /// The reducer that applies this adapter's actions (those with its
    /// ``name``) to the entity state at `state`; other actions pass by.
    ///
    /// ```swift
    /// let rootReducer = combineReducers(books.reducer(state: \Library.books), libraryReducer)
    /// ```
    ///
    /// - Parameter state: Where the entities live in the store's state.
    /// - Returns: An in-place reducer of the store's state.
    public func reducer<Root>(state: WritableKeyPath<Root, EntityState<ID, Entity>>) -> InPlaceReducer<Root> {
        { root, action in
            guard let action = action as? EntityAction<ID, Entity>, action.adapter == name else { return }
            apply(action.operation, to: &root[keyPath: state])
        }
    }

    /// Applies `operation` to `state`, as the adapter's function of the same name does.
    ///
    /// - Parameters:
    ///   - operation: What to do.
    ///   - state: The state to change.
    public func apply(_ operation: EntityAction<ID, Entity>.Operation, to state: inout EntityState<ID, Entity>) {
        switch operation {
        case .addOne(let entity): addOne(entity, to: &state)
        case .addMany(let entities): addMany(entities, to: &state)
        case .setOne(let entity): setOne(entity, in: &state)
        case .setMany(let entities): setMany(entities, in: &state)
        case .setAll(let entities): setAll(entities, in: &state)
        case .removeOne(let id): removeOne(id, from: &state)
        case .removeMany(let ids): removeMany(ids, from: &state)
        case .removeAll: removeAll(from: &state)
        case .updateOne(let update): updateOne(update, in: &state)
        case .updateMany(let updates): updateMany(updates, in: &state)
        case .upsertOne(let entity): upsertOne(entity, in: &state)
        case .upsertMany(let entities): upsertMany(entities, in: &state)
        }
    }

    // MARK: - Action creators

    /// The action of ``addOne(_:to:)``.
    /// - Parameter entity: The entity.
    /// - Returns: The action.
    public func addOne(_ entity: Entity) -> EntityAction<ID, Entity> { action(.addOne(entity)) }
    /// The action of ``addMany(_:to:)-(Sequence<Entity>,_)``.
    /// - Parameter entities: The entities.
    /// - Returns: The action.
    public func addMany(_ entities: [Entity]) -> EntityAction<ID, Entity> { action(.addMany(entities)) }
    /// The action of ``setOne(_:in:)``.
    /// - Parameter entity: The entity.
    /// - Returns: The action.
    public func setOne(_ entity: Entity) -> EntityAction<ID, Entity> { action(.setOne(entity)) }
    /// The action of ``setMany(_:in:)-(Sequence<Entity>,_)``.
    /// - Parameter entities: The entities.
    /// - Returns: The action.
    public func setMany(_ entities: [Entity]) -> EntityAction<ID, Entity> { action(.setMany(entities)) }
    /// The action of ``setAll(_:in:)-(Sequence<Entity>,_)``.
    /// - Parameter entities: The entities.
    /// - Returns: The action.
    public func setAll(_ entities: [Entity]) -> EntityAction<ID, Entity> { action(.setAll(entities)) }
    /// The action of ``removeOne(_:from:)``.
    /// - Parameter id: The entity's id.
    /// - Returns: The action.
    public func removeOne(_ id: ID) -> EntityAction<ID, Entity> { action(.removeOne(id)) }
    /// The action of ``removeMany(_:from:)``.
    /// - Parameter ids: The ids.
    /// - Returns: The action.
    public func removeMany(_ ids: [ID]) -> EntityAction<ID, Entity> { action(.removeMany(ids)) }
    /// The action of ``removeAll(from:)``.
    /// - Returns: The action.
    public func removeAll() -> EntityAction<ID, Entity> { action(.removeAll) }
    /// The action of ``updateOne(_:in:)``.
    /// - Parameter update: The id and the changes.
    /// - Returns: The action.
    public func updateOne(_ update: EntityUpdate<ID, Entity>) -> EntityAction<ID, Entity> { action(.updateOne(update)) }
    /// The action of ``updateMany(_:in:)``.
    /// - Parameter updates: The updates.
    /// - Returns: The action.
    public func updateMany(_ updates: [EntityUpdate<ID, Entity>]) -> EntityAction<ID, Entity> {
        action(.updateMany(updates))
    }
    /// The action of ``upsertOne(_:in:)``.
    /// - Parameter entity: The entity.
    /// - Returns: The action.
    public func upsertOne(_ entity: Entity) -> EntityAction<ID, Entity> { action(.upsertOne(entity)) }
    /// The action of ``upsertMany(_:in:)-(Sequence<Entity>,_)``.
    /// - Parameter entities: The entities.
    /// - Returns: The action.
    public func upsertMany(_ entities: [Entity]) -> EntityAction<ID, Entity> { action(.upsertMany(entities)) }

    private func action(_ operation: EntityAction<ID, Entity>.Operation) -> EntityAction<ID, Entity> {
        EntityAction(adapter: name, operation: operation)
    }
}
