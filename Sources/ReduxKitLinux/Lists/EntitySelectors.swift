/// Redux Toolkit's entity selectors (`adapter.getSelectors(selectState)`),
/// for the entity state at one place of a store's state: made by
/// ``EntityAdapter/selectors(state:)``.
///
/// ```swift
/// let bookSelectors = books.selectors(state: \Library.books)
/// bookSelectors.selectAll(store.state)        // the books, in order (remembered while unchanged)
/// bookSelectors.selectById(store.state, "a")
/// store.subscribe(select: bookSelectors.selectAll) { render($0) }
/// ```
///
/// `selectAll` is memoized: made again only when the entity state changed
/// (told in O(1)), so calling it on every state change costs nothing while
/// the entities stay as they are. It remembers its last result, so the
/// selectors are not `Sendable`: make them where the store lives.
public struct EntitySelectors<Root, ID: Hashable & Sendable, Entity: Sendable> {
    /// The entity state's ids, in order (RTK's `selectIds`).
    public let selectIds: (Root) -> [ID]
    /// The entities by id (RTK's `selectEntities`).
    public let selectEntities: (Root) -> [ID: Entity]
    /// The entities, in order (RTK's `selectAll`), memoized.
    public let selectAll: MemoizedSelector<Root, [Entity]>
    /// How many entities there are (RTK's `selectTotal`).
    public let selectTotal: (Root) -> Int
    /// The entity with an id, if any (RTK's `selectById`).
    public let selectById: (Root, ID) -> Entity?
}

extension EntityAdapter {
    /// The selectors of the entity state at `state` in a store's state (RTK's `getSelectors`).
    ///
    /// - Parameter state: Where the entities live.
    /// - Returns: The selectors.
    public func selectors<Root>(state: KeyPath<Root, EntityState<ID, Entity>>) -> EntitySelectors<Root, ID, Entity> {
        EntitySelectors(
            selectIds: { $0[keyPath: state].ids },
            selectEntities: { $0[keyPath: state].entities },
            selectAll: createSelector({ (root: Root) in VersionedEntities(root[keyPath: state]) }) { $0.state.all },
            selectTotal: { $0[keyPath: state].count },
            selectById: { root, id in root[keyPath: state].entities[id] })
    }
}

/// An entity state compared by its version: equal exactly when nothing
/// changed it (O(1)), as `selectAll`'s memoized input.
struct VersionedEntities<ID: Hashable, Entity>: Equatable {
    let state: EntityState<ID, Entity>

    init(_ state: EntityState<ID, Entity>) {
        self.state = state
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.state.version == rhs.state.version
    }
}
