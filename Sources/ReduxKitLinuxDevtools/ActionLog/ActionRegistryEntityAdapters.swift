extension ActionRegistry {
    /// The names of an entity adapter's operations, as its actions' types
    /// end (`EntityAction.type`, `<adapter>/<operation>`).
    static let entityOperationNames = [
        "addOne", "addMany", "setOne", "setMany", "setAll", "removeOne", "removeMany", "removeAll",
        "updateOne", "updateMany", "upsertOne", "upsertMany",
    ]

    /// Registers an entity adapter's actions (``/ReduxKitLinux/EntityAction``),
    /// so an action log records them under their own types, as Redux
    /// DevTools shows an adapter's actions (`"todos/addOne"`,
    /// `"todos/updateOne"`), and a replay feeds them to the adapter's reducer
    /// again.
    ///
    /// ```swift
    /// var registry = ActionRegistry()
    /// registry.register(todosAdapter)
    /// ```
    ///
    /// An update is written when its changes are data: the entity names its
    /// changes type (``/ReduxKitLinux/ChangeableEntity``) and the update was
    /// made from a value of it. One whose changes are a closure cannot be
    /// written (the log reports it and marks the line). The actions of every
    /// adapter of one entity type are of one Swift type, and each carries its
    /// adapter's name: register every adapter whose actions you log (those of
    /// one not registered are written under the names of one that is, and
    /// replay as they applied).
    ///
    /// - Parameter adapter: The adapter: its ``/ReduxKitLinux/EntityAdapter/name``
    ///   starts the names written in the log; keep it stable across versions.
    public mutating func register<ID: Codable, Entity: Codable>(_ adapter: EntityAdapter<ID, Entity>) {
        for operation in Self.entityOperationNames {
            register(EntityAction<ID, Entity>.self, name: adapter.name + "/" + operation, namedByActionType: true)
        }
    }
}
