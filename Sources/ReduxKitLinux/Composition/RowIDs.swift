/// The ids of an identified collection, as ``RowDepartures`` keeps them to
/// compare with the next state's: what it holds keeps the collection's id
/// storage shared, so a change to the ids copies it and the comparison sees
/// a new storage.
package protocol RowIDs {
    /// The collection.
    associatedtype Collection
    /// Its elements' id.
    associatedtype ID: Hashable

    /// The ids of `collection`.
    init(_ collection: Collection)

    /// Whether these are surely the ids of `other` (`false` when they may differ).
    func surelySame(as other: Self) -> Bool

    /// Whether `id` is among them.
    func contains(_ id: ID) -> Bool

    /// Tells whether an id is among them, for many lookups in a row.
    func membership() -> (ID) -> Bool
}

/// The ids of an ``IdentifiedArray``: its positions by id, compared by their
/// storage in O(1). While one is kept, the array's positions are not uniquely
/// referenced, so a change to its ids (an insertion, a removal, an id
/// changed) copies them into a new storage, at an address the kept one still
/// holds; a change to an element leaves them alone. The same bytes are then
/// the same storage, never changed, so the same ids.
struct IdentifiedRowIDs<Element: Identifiable>: RowIDs {
    let positions: [Element.ID: Int]

    init(_ collection: IdentifiedArray<Element>) {
        positions = collection.positions
    }

    func surelySame(as other: Self) -> Bool {
        withUnsafeBytes(of: positions) { mine in
            withUnsafeBytes(of: other.positions) { mine.elementsEqual($0) }
        }
    }

    func contains(_ id: Element.ID) -> Bool {
        positions[id] != nil
    }

    func membership() -> (Element.ID) -> Bool {
        { positions[$0] != nil }
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

    func contains(_ id: Element.ID) -> Bool {
        ids.contains(id)
    }

    func membership() -> (Element.ID) -> Bool {
        let present = Set(ids)
        return { present.contains($0) }
    }
}
