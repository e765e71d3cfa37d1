import Synchronization

/// A normalized collection of entities, as Redux Toolkit's entity adapter
/// keeps one: the ids in order (`ids`), and the entities by id (`entities`).
///
/// ```swift
/// struct Book: Equatable, Sendable { let bookID: String; var title: String }
/// struct Library { var books = EntityState<String, Book>() }
///
/// let books = EntityAdapter<String, Book>(selectId: \.bookID, sortComparer: { $0.title < $1.title })
/// var library = Library()
/// books.addMany([Book(bookID: "b", title: "Dune"), Book(bookID: "a", title: "Beloved")], to: &library.books)
/// library.books.ids            // ["a", "b"]: sorted by title
/// library.books.entities["b"]  // Dune
/// ```
///
/// It changes only through an ``EntityAdapter``, which keeps `ids` and
/// `entities` in step (and `ids` sorted, when the adapter sorts). Reading an
/// entity by id costs O(1) on average; so do updating one and adding one in
/// an unsorted state. In a sorted state an update finds the entity by binary
/// search (O(log n) comparator calls, no scan) and moves its id, O(n), only
/// if its place changed; adding one is a binary search and an insertion,
/// O(n). Removing one costs O(n) (its id leaves `ids`), and so does an update
/// that changes an entity's id. Each O(n) is a move of ids in an array (at
/// 100,000 ids, about 10 µs). `forEach(_:state:)` and
/// ``Store/view(element:in:)->Store<Entity>?`` find an entity in one by id
/// in O(1) when it is `Identifiable` by the same id.
///
/// A sorted adapter also keeps the entities in the order of `ids`, in chunks
/// of about 4 KB, so that its binary searches compare entities read side by
/// side in memory instead of looking each up by id (at 100,000 entities, 17
/// lookups per search, each a hash and a probe: half the instructions of a
/// sorted update and half its cache misses). That costs a second copy of
/// each entity's inline bytes (its `MemoryLayout` stride; what it points to,
/// such as a string's characters, is shared with `entities`), and an
/// insertion or removal also moves the rest of one chunk. A change made
/// without the sorted adapter (a `forEach` reducer changing an entity in
/// place, an unsorted adapter, decoding) leaves that order stale: the
/// adapter then looks entities up by id, as before, and rebuilds it (n
/// lookups) once it has made n lookups since.
public struct EntityState<ID: Hashable, Entity> {
    /// The ids, in the adapter's order (as added, or sorted by its `sortComparer`).
    @inlinable
    public var ids: [ID] { _ids }
    /// The entities, by id.
    @inlinable
    public var entities: [ID: Entity] { _entities }

    /// `ids`, changed only by an adapter.
    @usableFromInline var _ids: [ID] {
        didSet { version = EntityStateVersion.next() }
    }
    /// `entities`, changed only by an adapter.
    @usableFromInline var _entities: [ID: Entity] {
        didSet { version = EntityStateVersion.next() }
    }
    /// Changes with every change, to a number no other state has had: how an
    /// adapter's memoized `selectAll` knows in O(1) that nothing changed.
    @usableFromInline var version: UInt64
    /// The entities in the order of `_ids`, which a sorted adapter keeps
    /// while it alone changes the state (see ``EntityOrder``).
    @usableFromInline var order: EntityOrder<Entity>

    /// An empty state.
    public init() {
        _ids = []
        _entities = [:]
        version = EntityStateVersion.next()
        order = EntityOrder(version: version)
    }

    /// How many entities there are.
    public var count: Int { ids.count }

    /// Whether there are none.
    public var isEmpty: Bool { ids.isEmpty }

    /// The entity with `id`, if any: O(1).
    ///
    /// - Parameter id: The entity's id.
    /// - Returns: The entity, or `nil` if none has `id`.
    public subscript(id id: ID) -> Entity? { entities[id] }

    /// The entities, in the order of `ids`, made on each call: O(n) (copied
    /// from the order a sorted adapter keeps, else looked up by id; an
    /// adapter's `selectAll` remembers it while the state is unchanged).
    public var all: [Entity] { isOrderCurrent ? order.entities.elements : ids.map { entities[$0]! } }
}

extension EntityState: Equatable where Entity: Equatable {
    /// Whether both hold the same ids in the same order, and equal entities.
    ///
    /// - Parameters:
    ///   - lhs: A state.
    ///   - rhs: Another.
    /// - Returns: Whether they are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.ids == rhs.ids && lhs.entities == rhs.entities
    }
}

extension EntityState: Hashable where Entity: Hashable {
    /// Hashes the ids and the entities.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ids)
        hasher.combine(entities)
    }
}

extension EntityState: Sendable where ID: Sendable, Entity: Sendable {}

/// The numbers `EntityState.version` takes, one per change, across every state.
@usableFromInline enum EntityStateVersion {
    private static let counter = Atomic<UInt64>(0)

    @usableFromInline static func next() -> UInt64 {
        counter.add(1, ordering: .relaxed).newValue
    }
}

extension EntityState: Codable where ID: Codable, Entity: Codable {
    private enum CodingKeys: String, CodingKey {
        case ids, entities
    }

    /// Encodes `{ "ids": [...], "entities": {...} }`, Redux Toolkit's shape
    /// (entities are an object when ids are strings or integers).
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What encoding an id or entity throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ids, forKey: .ids)
        try container.encode(entities, forKey: .entities)
    }

    /// Decodes `{ "ids": [...], "entities": {...} }`, checking that both
    /// hold the same ids, each once.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` if `ids` and `entities` disagree,
    ///   or what decoding throws.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let ids = try container.decode([ID].self, forKey: .ids)
        let entities = try container.decode([ID: Entity].self, forKey: .entities)
        guard Set(ids).count == ids.count, ids.count == entities.count, ids.allSatisfy({ entities[$0] != nil })
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .ids, in: container, debugDescription: "ids and entities of an EntityState disagree")
        }
        self._ids = ids
        self._entities = entities
        self.version = EntityStateVersion.next()
        // Stale unless empty: a sorted adapter builds it when it pays.
        self.order = EntityOrder(version: ids.isEmpty ? self.version : 0)
    }
}
