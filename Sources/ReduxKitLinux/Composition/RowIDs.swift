/// The ids of an identified collection, as ``RowDepartures`` keeps them to
/// compare with the next state's: what it holds keeps the collection's id
/// storage shared, so a change to the ids copies it and the comparison sees
/// a new storage.
@usableFromInline package protocol RowIDs {
    /// The collection.
    associatedtype Collection
    /// Its elements (its rows).
    associatedtype Element
    /// Its elements' id.
    associatedtype ID: Hashable & Sendable

    /// The ids of `collection`, kept to compare with a later state's.
    init(_ collection: Collection)

    /// Whether these are surely the ids of `other` (`false` when they may differ).
    func surelySame(as other: Self) -> Bool

    /// Tells whether an id is in `collection`, for many lookups in a row.
    static func membership(in collection: Collection) -> (ID) -> Bool

    /// The element with `id` in `collection`, if any.
    static func element(_ id: ID, in collection: Collection) -> Element?

    /// Whether actions other than an ``ElementAction`` say which rows they
    /// change (``RowChangingAction``): an entity adapter's, for an
    /// `EntityState`.
    static var hasRowChangingActions: Bool { get }
}

/// The ids of an ``IdentifiedArray``, compared by its table of positions in
/// O(1): while one is kept, the array's table is not uniquely referenced, so
/// a change to its ids (an insertion, a removal, an id changed, a move)
/// writes a bucket and so copies the buckets into a new storage, at an
/// address the kept one still holds; a change to an element leaves them
/// alone. The same storage, scale and bias are then the same ids. A
/// collection small enough to have no table keeps its ids themselves (at
/// most ``IdentifiedArrayTable/maximumUnhashedCount``).
@usableFromInline struct IdentifiedRowIDs<Element: Identifiable>: RowIDs where Element.ID: Sendable {
    let table: IdentifiedArrayTable
    /// The ids, for a collection with no table.
    let smallIDs: [Element.ID]?

    @usableFromInline init(_ collection: IdentifiedArray<Element>) {
        table = collection.table
        smallIDs = collection.table.isHashed ? nil : collection.elements.map(\.id)
    }

    @usableFromInline func surelySame(as other: Self) -> Bool {
        switch (smallIDs, other.smallIDs) {
        case (let mine?, let theirs?):
            return mine == theirs
        case (nil, nil):
            return table.scale == other.table.scale && table.bias == other.table.bias
                && withUnsafeBytes(of: table.buckets) { mine in
                    withUnsafeBytes(of: other.table.buckets) { mine.elementsEqual($0) }
                }
        default:
            return false
        }
    }

    @usableFromInline static func membership(in collection: IdentifiedArray<Element>) -> (Element.ID) -> Bool {
        { collection.contains(id: $0) }
    }

    @inlinable static func element(_ id: Element.ID, in collection: IdentifiedArray<Element>) -> Element? {
        collection[id: id]
    }

    @inlinable static var hasRowChangingActions: Bool { false }
}

/// The ids of an array of rows, compared one by one (O(n), as the array's
/// own `forEach` and row stores are).
@usableFromInline struct ArrayRowIDs<Element: Identifiable>: RowIDs where Element.ID: Sendable {
    let ids: [Element.ID]

    @usableFromInline init(_ collection: [Element]) {
        ids = collection.map(\.id)
    }

    @usableFromInline func surelySame(as other: Self) -> Bool {
        ids == other.ids
    }

    @usableFromInline static func membership(in collection: [Element]) -> (Element.ID) -> Bool {
        let present = Set(collection.lazy.map(\.id))
        return { present.contains($0) }
    }

    @inlinable static func element(_ id: Element.ID, in collection: [Element]) -> Element? {
        collection.first { $0.id == id }
    }

    @inlinable static var hasRowChangingActions: Bool { false }
}

/// The ids of an ``EntityState``, compared by the storage of its array of
/// ids in O(1): while one is kept, that storage is not uniquely referenced,
/// so a change to the ids (an entity added or removed, moved in a sorted
/// state, given another id) copies it, or replaces it, with a storage at
/// another address than the kept one, which is still alive; a change to an
/// entity that leaves the ids alone leaves the storage alone. The same
/// storage and count are then the same ids. (Not the state's `version`,
/// which changes with any entity's change, so a row's action would look up
/// every watched id.)
@usableFromInline struct EntityRowIDs<Entity: Identifiable>: RowIDs where Entity.ID: Sendable {
    let ids: [Entity.ID]

    @usableFromInline init(_ collection: EntityState<Entity.ID, Entity>) {
        ids = collection._ids
    }

    @usableFromInline func surelySame(as other: Self) -> Bool {
        guard ids.count == other.ids.count else { return false }
        if ids.isEmpty { return true }
        return ids.withUnsafeBufferPointer { mine in
            other.ids.withUnsafeBufferPointer { mine.baseAddress == $0.baseAddress }
        }
    }

    @usableFromInline static func membership(in collection: EntityState<Entity.ID, Entity>) -> (Entity.ID) -> Bool {
        { collection._entities[$0] != nil }
    }

    @inlinable static func element(_ id: Entity.ID, in collection: EntityState<Entity.ID, Entity>) -> Entity? {
        collection._entities[id]
    }

    @inlinable static var hasRowChangingActions: Bool { true }
}
