extension EntityAction.Operation {
    /// The operation's name, as the adapter's function (`addOne`…).
    var name: String {
        switch self {
        case .addOne: "addOne"
        case .addMany: "addMany"
        case .setOne: "setOne"
        case .setMany: "setMany"
        case .setAll: "setAll"
        case .removeOne: "removeOne"
        case .removeMany: "removeMany"
        case .removeAll: "removeAll"
        case .updateOne: "updateOne"
        case .updateMany: "updateMany"
        case .upsertOne: "upsertOne"
        case .upsertMany: "upsertMany"
        }
    }
}

/// The fields an ``EntityAction`` is written with.
private enum EntityActionKey: String, CodingKey {
    case adapter, operation, payload
}

extension EntityAction: Codable where ID: Codable, Entity: Codable {
    /// Encodes `{ "adapter": …, "operation": "updateOne", "payload": … }`: the
    /// payload is what the operation takes, as Redux Toolkit's action's
    /// (an entity, an array of them, an id, ids, an update `{ "id", "changes" }`
    /// or an array of them; none for `removeAll`).
    ///
    /// An update encodes when `Entity` is a ``ChangeableEntity`` and its
    /// changes are a value of its `Changes` type (`EntityUpdate/init(id:changes:)`),
    /// so an action log records the action and a replay applies it again.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError.invalidValue` for an update whose changes are
    ///   a closure, or whose entity is not a ``ChangeableEntity``; what
    ///   encoding the payload throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EntityActionKey.self)
        try container.encode(adapter, forKey: .adapter)
        try container.encode(operation.name, forKey: .operation)
        switch operation {
        case .addOne(let entity), .setOne(let entity), .upsertOne(let entity):
            try container.encode(entity, forKey: .payload)
        case .addMany(let entities), .setMany(let entities), .setAll(let entities), .upsertMany(let entities):
            try container.encode(entities, forKey: .payload)
        case .removeOne(let id): try container.encode(id, forKey: .payload)
        case .removeMany(let ids): try container.encode(ids, forKey: .payload)
        case .removeAll: break
        case .updateOne(let update): try Self.encodeUpdates(update, in: &container)
        case .updateMany(let updates): try Self.encodeUpdates(updates, in: &container)
        }
    }

    /// Decodes what ``encode(to:)`` writes.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for an unknown operation, for an update whose
    ///   entity is not a ``ChangeableEntity``, or from decoding the payload.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: EntityActionKey.self)
        let adapter = try container.decode(String.self, forKey: .adapter)
        func payload<T: Decodable>(_: T.Type = T.self) throws -> T { try container.decode(T.self, forKey: .payload) }
        let operation: Operation
        switch try container.decode(String.self, forKey: .operation) {
        case "addOne": operation = .addOne(try payload())
        case "addMany": operation = .addMany(try payload())
        case "setOne": operation = .setOne(try payload())
        case "setMany": operation = .setMany(try payload())
        case "setAll": operation = .setAll(try payload())
        case "removeOne": operation = .removeOne(try payload())
        case "removeMany": operation = .removeMany(try payload())
        case "removeAll": operation = .removeAll
        case "updateOne": operation = .updateOne(try Self.decodeUpdates(from: container))
        case "updateMany": operation = .updateMany(try Self.decodeUpdates(from: container))
        case "upsertOne": operation = .upsertOne(try payload())
        case "upsertMany": operation = .upsertMany(try payload())
        case let unknown:
            throw DecodingError.dataCorruptedError(
                forKey: .operation, in: container, debugDescription: "no entity adapter operation is named \(unknown)")
        }
        self.init(adapter: adapter, operation: operation)
    }

    /// Encodes an update, or updates, as the payload: the entity must be a
    /// ``ChangeableEntity`` (checked when encoding, as `EntityAction` is
    /// `Codable` for every `Codable` entity).
    private static func encodeUpdates<Updates>(
        _ updates: Updates, in container: inout KeyedEncodingContainer<EntityActionKey>
    ) throws {
        guard let changeable = Entity.self as? any ChangeableEntity.Type else {
            throw EncodingError.invalidValue(
                updates,
                EncodingError.Context(
                    codingPath: container.codingPath + [EntityActionKey.payload],
                    debugDescription: notChangeable))
        }
        func encodeOpened<Changeable: ChangeableEntity>(_: Changeable.Type) throws {
            if let update = updates as? EntityUpdate<ID, Changeable> {
                try container.encode(update, forKey: .payload)
            } else {
                try container.encode(updates as! [EntityUpdate<ID, Changeable>], forKey: .payload)
            }
        }
        try encodeOpened(changeable)
    }

    /// Decodes an update, or updates, from the payload, their changes as the
    /// entity's `Changes`.
    private static func decodeUpdates<Updates>(
        _: Updates.Type = Updates.self, from container: KeyedDecodingContainer<EntityActionKey>
    ) throws -> Updates {
        guard let changeable = Entity.self as? any ChangeableEntity.Type else {
            throw DecodingError.dataCorruptedError(forKey: .payload, in: container, debugDescription: notChangeable)
        }
        func decodeOpened<Changeable: ChangeableEntity>(_: Changeable.Type) throws -> Updates {
            if Updates.self == EntityUpdate<ID, Entity>.self {
                return try container.decode(EntityUpdate<ID, Changeable>.self, forKey: .payload) as! Updates
            }
            return try container.decode([EntityUpdate<ID, Changeable>].self, forKey: .payload) as! Updates
        }
        return try decodeOpened(changeable)
    }

    /// Why an update of `Entity` cannot be written or read.
    private static var notChangeable: String {
        "\(Entity.self) is not a ChangeableEntity, so an update of it cannot be encoded or decoded: "
            + "make its changes a type of its own (EntityChanges) and name it (ChangeableEntity)"
    }
}
