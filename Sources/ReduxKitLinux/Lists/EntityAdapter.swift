/// Redux Toolkit's `createEntityAdapter`: the operations on an
/// ``EntityState`` that list-heavy apps write by hand, under RTK's names
/// (`addOne`, `setMany`, `updateOne`, `upsertMany`, `removeAll`…), each as a
/// plain mutating function and as an action its ``reducer(state:)`` applies,
/// with RTK's selectors (``selectors(state:)``).
///
/// ```swift
/// let books = EntityAdapter<String, Book>(selectId: \.bookID, sortComparer: { $0.title < $1.title })
///
/// // In a reducer of your own:
/// books.addOne(Book(bookID: "a", title: "Beloved"), to: &state.books)
/// books.updateOne(EntityUpdate(id: "a") { $0.title = "Jazz" }, in: &state.books)
///
/// // Or as actions, with the adapter's reducer mounted on the state:
/// let reducer = combineReducers(books.reducer(state: \Library.books), libraryReducer)
/// store.dispatch(books.addOne(Book(bookID: "b", title: "Dune")))
/// ```
///
/// **Sorting.** With a `sortComparer` (`areInIncreasingOrder`), `ids` stays
/// sorted, and stable (entities that compare equal keep the order they came
/// in): adding one entity to `n` finds its place by binary search, about
/// ⌈log₂ n⌉ + 1 comparator calls, with no re-sort. An update (or a set, or
/// an upsert, of an entity there) finds the entity by binary search on its
/// old value, with no scan of `ids` (about ⌈log₂ (n + 1)⌉ calls, then a walk
/// over the ids of the entities that compare equal to it), checks its two
/// neighbours (2 calls), and, if it left its place, moves it there by
/// another binary search. These searches read the entities from the order
/// the adapter keeps beside the ids (see ``EntityState``), not by id: the
/// chunks' last entities, then one chunk's. A batch of k is sorted among
/// itself by a merge sort (at most k⌈log₂ k⌉ calls) and merged with the ids
/// in one pass. (Redux Toolkit re-sorts everything: about 100,000 comparator
/// calls to update one of 100,000.) What stays O(n) is moving ids in the
/// array: an entity that moves (only the ids between its old and new place),
/// one removed, a batch merged, an update that changes an id. Without a
/// comparator, `ids` keeps the order entities were added in.
///
/// **Batches apply in order.** `addMany` keeps the first of two entities with
/// one id (as RTK), `setMany` and `upsertMany` the last. `updateMany`, as
/// RTK, addresses each update to the entity that had its id when the batch
/// began: several updates of one id all apply, in order, each to the entity
/// as the one before left it, an update that changes the id included (a
/// later update addressed to the old id still reaches it).
public struct EntityAdapter<ID: Hashable & Sendable, Entity: Sendable>: Sendable {
    /// The adapter's name: its actions (``addOne(_:)``…) go to the reducers
    /// of adapters with this name only.
    public let name: String
    /// The id of an entity (RTK's `selectId`).
    public let selectId: @Sendable (Entity) -> ID
    /// Whether the first entity goes before the second (RTK's
    /// `sortComparer`, as `areInIncreasingOrder`); `nil` keeps the order
    /// entities were added in.
    public let sortComparer: (@Sendable (Entity, Entity) -> Bool)?

    /// An adapter for entities identified by `selectId`.
    ///
    /// - Parameters:
    ///   - name: What its actions are addressed to (by default the entity type's name).
    ///   - selectId: The id of an entity.
    ///   - sortComparer: Whether the first entity goes before the second, to
    ///     keep `ids` sorted; `nil` keeps the order entities were added in.
    public init(
        name: String = String(describing: Entity.self), selectId: @escaping @Sendable (Entity) -> ID,
        sortComparer: (@Sendable (Entity, Entity) -> Bool)? = nil
    ) {
        self.name = name
        self.selectId = selectId
        self.sortComparer = sortComparer
    }

    /// An adapter for `Identifiable` entities, identified by their `id`
    /// (Redux Toolkit's default `selectId`, `entity => entity.id`).
    ///
    /// - Parameters:
    ///   - name: What its actions are addressed to (by default the entity type's name).
    ///   - sortComparer: Whether the first entity goes before the second, to
    ///     keep `ids` sorted; `nil` keeps the order entities were added in.
    public init(
        name: String = String(describing: Entity.self), sortComparer: (@Sendable (Entity, Entity) -> Bool)? = nil
    ) where Entity: Identifiable, Entity.ID == ID {
        self.init(name: name, selectId: { $0.id }, sortComparer: sortComparer)
    }

    // MARK: - Adding

    /// Adds `entity` unless one with its id is there (RTK's `addOne`).
    ///
    /// - Parameters:
    ///   - entity: The entity.
    ///   - state: The state to change.
    @inlinable
    public func addOne(_ entity: Entity, to state: inout EntityState<ID, Entity>) {
        let id = selectId(entity)
        guard state._entities[id] == nil else { return }
        let kept = beginChange(&state, searches: 1)
        insertNew(entity, id: id, into: &state, kept: kept)
        endChange(&state, keptOrder: kept)
    }

    /// Adds each entity whose id is not there yet, in order: of two with one
    /// id, the first is kept (RTK's `addMany`).
    ///
    /// - Parameters:
    ///   - entities: The entities.
    ///   - state: The state to change.
    @inlinable
    public func addMany(_ entities: some Sequence<Entity>, to state: inout EntityState<ID, Entity>) {
        let kept = beginChange(&state, searches: entities.underestimatedCount)
        defer { endChange(&state, keptOrder: kept) }
        var fresh: [Entity] = []
        for entity in entities {
            let id = selectId(entity)
            guard state._entities[id] == nil else { continue }
            state._entities[id] = entity
            fresh.append(entity)
        }
        placeNew(fresh, in: &state, kept: kept)
    }

    // MARK: - Setting

    /// Adds `entity`, or replaces the entity with its id (RTK's `setOne`).
    ///
    /// - Parameters:
    ///   - entity: The entity.
    ///   - state: The state to change.
    @inlinable
    public func setOne(_ entity: Entity, in state: inout EntityState<ID, Entity>) {
        let id = selectId(entity)
        let kept = beginChange(&state, searches: 1)
        defer { endChange(&state, keptOrder: kept) }
        if state._entities[id] == nil {
            insertNew(entity, id: id, into: &state, kept: kept)
        } else {
            replace(id, with: entity, in: &state, kept: kept)
        }
    }

    /// Sets each entity in order: of two with one id, the last is kept (RTK's
    /// `setMany`). Sorted, the entities replaced are put in place one by one
    /// (found by binary search) while they are few (8, or an eighth of the
    /// state), then the rest are placed with the new ones, in one pass.
    ///
    /// - Parameters:
    ///   - entities: The entities.
    ///   - state: The state to change.
    @inlinable
    public func setMany(_ entities: some Sequence<Entity>, in state: inout EntityState<ID, Entity>) {
        var fresh: [ID] = []
        var placed = Set<ID>()
        let kept = beginChange(&state, searches: entities.underestimatedCount)
        defer { endChange(&state, keptOrder: kept) }
        guard sortComparer != nil else {
            for entity in entities where state._entities.updateValue(entity, forKey: selectId(entity)) == nil {
                fresh.append(selectId(entity))
            }
            // A fresh id set twice is placed once, with its last value.
            placeNew(fresh.filter { placed.insert($0).inserted }.map { state._entities[$0]! }, in: &state, kept: kept)
            return
        }
        // `placed`: the ids not in `ids` (new, or replaced once many were).
        var replaced: [ID] = []
        var replacedInPlace = 0
        let inPlaceLimit = max(8, state._ids.count / 8)
        for entity in entities {
            let id = selectId(entity)
            if placed.contains(id) || state._entities[id] == nil {
                if placed.insert(id).inserted { fresh.append(id) }
                state._entities[id] = entity
            } else if replacedInPlace < inPlaceLimit {
                replacedInPlace += 1
                replace(id, with: entity, in: &state, kept: kept)
            } else {
                placed.insert(id)
                replaced.append(id)
                state._entities[id] = entity
            }
        }
        if !replaced.isEmpty {
            let moving = Set(replaced)
            state.removeIDs(kept: kept) { moving.contains($0) }
        }
        placeNew((replaced + fresh).map { state._entities[$0]! }, in: &state, kept: kept)
    }

    /// Replaces every entity with `entities`: of two with one id, the last
    /// is kept (RTK's `setAll`).
    ///
    /// - Parameters:
    ///   - entities: The entities.
    ///   - state: The state to change.
    @inlinable
    public func setAll(_ entities: some Sequence<Entity>, in state: inout EntityState<ID, Entity>) {
        removeAll(from: &state)
        setMany(entities, in: &state)
    }

    // MARK: - Removing

    /// Removes the entity with `id`, if it is there (RTK's `removeOne`): O(n).
    ///
    /// - Parameters:
    ///   - id: The entity's id.
    ///   - state: The state to change.
    @inlinable
    public func removeOne(_ id: ID, from state: inout EntityState<ID, Entity>) {
        let kept = beginChange(&state, searches: 0)
        defer { endChange(&state, keptOrder: kept) }
        guard state._entities.removeValue(forKey: id) != nil, let index = state._ids.firstIndex(of: id) else { return }
        state.removeID(at: index, kept: kept)
    }

    /// Removes the entities with `ids`, in one pass over the state: O(n + k)
    /// (RTK's `removeMany`). Ids not there are ignored.
    ///
    /// - Parameters:
    ///   - ids: The ids to remove.
    ///   - state: The state to change.
    @inlinable
    public func removeMany(_ ids: some Sequence<ID>, from state: inout EntityState<ID, Entity>) {
        let kept = beginChange(&state, searches: 0)
        defer { endChange(&state, keptOrder: kept) }
        var doomed = Set<ID>()
        for id in ids where state._entities.removeValue(forKey: id) != nil { doomed.insert(id) }
        guard !doomed.isEmpty else { return }
        state.removeIDs(kept: kept) { doomed.contains($0) }
    }

    /// Removes every entity (RTK's `removeAll`).
    ///
    /// - Parameter state: The state to change.
    @inlinable
    public func removeAll(from state: inout EntityState<ID, Entity>) {
        state._ids.removeAll()
        state._entities.removeAll()
        state.order = EntityOrder(version: state.version)
    }
}
