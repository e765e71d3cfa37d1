/// The ids of an identified collection, as ``RowDepartures`` keeps them to
/// compare with the next state's: what it holds keeps the collection's id
/// storage shared, so a change to the ids copies it and the comparison sees
/// a new storage.
package protocol RowIDs {
    /// The collection.
    associatedtype Collection
    /// Its elements' id.
    associatedtype ID: Hashable

    /// The ids of `collection`, kept to compare with a later state's.
    init(_ collection: Collection)

    /// Whether these are surely the ids of `other` (`false` when they may differ).
    func surelySame(as other: Self) -> Bool

    /// Tells whether an id is in `collection`, for many lookups in a row.
    static func membership(in collection: Collection) -> (ID) -> Bool
}

/// The ids of an ``IdentifiedArray``, compared by its table of positions in
/// O(1): while one is kept, the array's table is not uniquely referenced, so
/// a change to its ids (an insertion, a removal, an id changed, a move)
/// writes a bucket and so copies the buckets into a new storage, at an
/// address the kept one still holds; a change to an element leaves them
/// alone. The same storage, scale and bias are then the same ids. A
/// collection small enough to have no table keeps its ids themselves (at
/// most ``IdentifiedArrayTable/maximumUnhashedCount``).
struct IdentifiedRowIDs<Element: Identifiable>: RowIDs {
    let table: IdentifiedArrayTable
    /// The ids, for a collection with no table.
    let smallIDs: [Element.ID]?

    init(_ collection: IdentifiedArray<Element>) {
        table = collection.table
        smallIDs = collection.table.isHashed ? nil : collection.elements.map(\.id)
    }

    func surelySame(as other: Self) -> Bool {
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

    static func membership(in collection: IdentifiedArray<Element>) -> (Element.ID) -> Bool {
        { collection.contains(id: $0) }
    }
}

/// The ids of an array of rows, compared one by one (O(n), as the array's
/// own `forEach` and row stores are).
struct ArrayRowIDs<Element: Identifiable>: RowIDs {
    let ids: [Element.ID]

    init(_ collection: [Element]) {
        ids = collection.map(\.id)
    }

    func surelySame(as other: Self) -> Bool {
        ids == other.ids
    }

    static func membership(in collection: [Element]) -> (Element.ID) -> Bool {
        let present = Set(collection.lazy.map(\.id))
        return { present.contains($0) }
    }
}
