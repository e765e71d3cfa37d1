/// Changes to an entity as data: Redux Toolkit's `changes` (the
/// `Partial<T>` of an `Update<T>`), written as a type of your own whose
/// optional fields are the fields to change.
///
/// ```swift
/// struct Todo: Identifiable, Codable, Equatable, Sendable {
///     var id: String
///     var title: String
///     var completed = false
/// }
///
/// struct TodoChanges: EntityChanges, Codable {
///     var id: String? = nil
///     var title: String? = nil
///     var completed: Bool? = nil
///
///     func apply(to todo: inout Todo) {
///         if let id { todo.id = id }
///         if let title { todo.title = title }
///         if let completed { todo.completed = completed }
///     }
/// }
///
/// let todos = EntityAdapter<String, Todo>()
/// var state = todos.getInitialState([Todo(id: "a", title: "Write")])
/// todos.updateOne(EntityUpdate(id: "a", changes: TodoChanges(completed: true)), in: &state)
/// ```
///
/// An update made from such a value applies as one made from a closure
/// does: changes that give the entity another id (as RTK's `changes` may
/// hold the id field) move it to that id, keeping its place. When the entity
/// names its changes type (``ChangeableEntity``) and both are `Codable`, the
/// update and the adapter's actions carrying it encode and decode, so an
/// action log records them and a replay applies them again.
public protocol EntityChanges<Entity>: Sendable {
    /// The type of the entities the changes apply to.
    associatedtype Entity

    /// Makes the changes to `entity`, in place.
    ///
    /// - Parameter entity: The entity to change.
    func apply(to entity: inout Entity)
}

/// An entity whose updates are read back as data: it names the
/// ``EntityChanges`` type its updates carry, so an ``EntityUpdate`` of it
/// (`{ "id", "changes" }`) and an ``EntityAction`` that updates it can be
/// decoded, from an action log among others.
///
/// ```swift
/// extension Todo: ChangeableEntity {
///     typealias Changes = TodoChanges
/// }
/// ```
///
/// Encoding an update of such an entity writes its changes if they are a
/// value of `Changes`; an update whose changes are a closure, or a value of
/// another type, cannot be encoded (it throws `EncodingError.invalidValue`),
/// as it could not be read back.
public protocol ChangeableEntity {
    /// The changes an update of the entity carries, as data.
    associatedtype Changes: EntityChanges & Codable where Changes.Entity == Self
}

extension EntityUpdate {
    /// An update of the entity with `id` whose changes are data: it applies
    /// `changes` (``EntityChanges/apply(to:)``), and keeps them as
    /// ``changesValue``, to encode (RTK's `{ id, changes }`).
    ///
    /// - Parameters:
    ///   - id: The entity's id.
    ///   - changes: The changes.
    public init(id: ID, changes: some EntityChanges<Entity>) {
        self.id = id
        self.changes = { changes.apply(to: &$0) }
        self.changesValue = changes
    }
}

/// The fields an ``EntityUpdate`` is written with.
private enum EntityUpdateKey: String, CodingKey {
    case id, changes
}

extension EntityUpdate: Encodable where ID: Encodable, Entity: ChangeableEntity {
    /// Encodes `{ "id": …, "changes": … }`, Redux Toolkit's `Update` shape.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError.invalidValue` if the changes are a closure, or
    ///   a value of another type than `Entity.Changes` (they could not be read
    ///   back); what encoding the id or the changes throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EntityUpdateKey.self)
        guard let changes = changesValue as? Entity.Changes else {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: container.codingPath + [EntityUpdateKey.changes],
                    debugDescription: changesValue == nil
                        ? "the changes of this update of \(Entity.self) are a closure, so it cannot be encoded: "
                            + "make it from a \(Entity.Changes.self) value"
                        : "the changes of this update of \(Entity.self) are a \(type(of: changesValue!)), not its "
                            + "Changes type \(Entity.Changes.self), so they could not be decoded"))
        }
        try container.encode(id, forKey: .id)
        try container.encode(changes, forKey: .changes)
    }
}

extension EntityUpdate: Decodable where ID: Decodable, Entity: ChangeableEntity {
    /// Decodes `{ "id": …, "changes": … }`, the changes as `Entity.Changes`.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: What decoding the id or the changes throws.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: EntityUpdateKey.self)
        self.init(
            id: try container.decode(ID.self, forKey: .id),
            changes: try container.decode(Entity.Changes.self, forKey: .changes))
    }
}
