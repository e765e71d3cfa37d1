/// The row a row's store shows (made by `view(element:in:)`): the element as
/// the store last read it, or as a reduction that named it left it, so that
/// once the element is removed the store still shows it as it last was.
/// Shared by the row's store and the stand-ins products make of it; used
/// only in the store's domain, as the store itself.
@usableFromInline package final class RowLastValue<Element> {
    /// The element as it last was.
    @usableFromInline package var value: Element

    @usableFromInline init(_ value: Element) {
        self.value = value
    }
}

/// An action that says which rows of an identified collection its reduction
/// may change, other than an ``ElementAction`` (which names its row): an
/// entity adapter's action.
@usableFromInline protocol RowChangingAction: Action {
    /// Calls `row` with each id of type `RowID` it names as a row it may
    /// change (none if its ids are of another type).
    ///
    /// - Returns: Whether it may change every row (`setAll`).
    func visitChangedRows<RowID>(_ row: (RowID) -> Void) -> Bool
}

extension EntityAction: RowChangingAction where Entity: Identifiable, Entity.ID == ID {
    @usableFromInline func visitChangedRows<RowID>(_ row: (RowID) -> Void) -> Bool {
        func visit(_ id: ID) {
            if let id = id as? RowID { row(id) }
        }
        switch operation {
        case .setOne(let entity), .upsertOne(let entity): visit(entity.id)
        case .setMany(let entities), .upsertMany(let entities): for entity in entities { visit(entity.id) }
        case .updateOne(let update): visit(update.id)
        case .updateMany(let updates): for update in updates { visit(update.id) }
        case .setAll: return true
        // Adding changes no row there; removing leaves the rows it removes as they were.
        case .addOne, .addMany, .removeOne, .removeMany, .removeAll: break
        }
        return false
    }
}

/// The live row stores of one identified collection, by id, each held
/// weakly with its ``RowLastValue``: what keeps a row store that is never
/// read showing its row as it last was once the row leaves, however the row
/// changed before (through the store, through the root, through a sibling
/// or an effect). A row store followed is one the app holds: the stand-ins
/// products make of it (the effects product's, for a row's async thunks,
/// whose runs end when the row leaves) are not, so rows whose store was a
/// temporary cost a row's action nothing here but a lookup.
///
/// It watches the root store's reductions, from when the first row store
/// follows its row: as an observer of the root's core when the collection
/// is in the root's state, through the root's ``ReductionWatchers``
/// otherwise. After a reduction whose action names rows (an
/// ``ElementAction`` for its id, an entity adapter's action for its
/// entity), it reads the named rows that a live row store follows in the new
/// state, by id, and hands each its row: O(1) for a row's action, however
/// many rows and row stores there are; no row is read for an action that
/// names none. A change no action names (a reducer of the list changing rows
/// for an action of its own) is seen by a row store when it is next read, if
/// its row is still there. The hot path is `@inlinable`, so it runs
/// specialised for the client's state (unspecialised, its generic metadata
/// lookups cost several times a row's action). Used only in the store's
/// domain, as the store itself.
@usableFromInline final class RowLastValues<Parent, IDs: RowIDs> {
    @usableFromInline struct Follower {
        /// The row store (its backend), while it lives.
        @usableFromInline weak var store: AnyObject?
        @usableFromInline let row: RowLastValue<IDs.Element>

        @inlinable init(_ store: AnyObject, _ row: RowLastValue<IDs.Element>) {
            self.store = store
            self.row = row
        }
    }

    @usableFromInline let path: KeyPath<Parent, IDs.Collection>
    @usableFromInline var rows: [IDs.ID: [Follower]] = [:]
    /// How many followers `rows` holds, live or not, and how many it may
    /// hold before the ones whose store is gone are swept out.
    @usableFromInline var count = 0
    @usableFromInline var sweepAt = 64
    /// Whether it watches the root's reductions (`nil` before the first row).
    @usableFromInline var isWatching: Bool?
    /// How many rows it has read and handed over, all told: what the tests count.
    @usableFromInline var refreshes = 0

    init(_ path: KeyPath<Parent, IDs.Collection>) {
        self.path = path
    }

    /// Has the row store `store`, whose state is `row`, follow the row `id`
    /// of `parent`'s collection while it lives.
    @inlinable
    func follow(_ id: IDs.ID, _ row: RowLastValue<IDs.Element>, of store: AnyObject, parent: Store<Parent>) {
        if isWatching == nil {
            // Both closures are made here, specialised for the client's state.
            if parent.core != nil {
                isWatching = parent.observeReductions { [weak self] action, state in
                    self?.reduced(action) { state }
                }
            } else {
                isWatching = parent.watchReductions { [weak self] action, state in
                    guard let self else { return false }
                    reduced(action, state)
                    return true
                }
            }
        }
        rows[id, default: []].append(Follower(store, row))
        count += 1
        if count >= sweepAt { sweep() }
    }

    /// Drops the followers whose store is gone.
    @usableFromInline func sweep() {
        rows = rows.compactMapValues { followers in
            let live = followers.filter { $0.store != nil }
            return live.isEmpty ? nil : live
        }
        count = rows.values.reduce(0) { $0 + $1.count }
        sweepAt = max(64, count * 2)
    }

    /// After a reduction: hands the rows `action` names their new value.
    @inlinable
    func reduced(_ action: any Action, _ state: () -> Parent) {
        guard count > 0 else { return }
        if let elementAction = action as? ElementAction<IDs.ID> {
            guard let followers = rows[elementAction.id] else { return }
            refresh(elementAction.id, followers, in: state()[keyPath: path])
        } else if IDs.hasRowChangingActions, let changing = action as? any RowChangingAction {
            refresh(namedBy: changing, state)
        }
    }

    /// Hands the row `id`'s followers (`followers`) its value in
    /// `collection`, if it is there.
    @inlinable
    func refresh(_ id: IDs.ID, _ followers: [Follower], in collection: IDs.Collection) {
        guard let element = IDs.element(id, in: collection) else { return }
        refreshes += 1
        var live = false
        for follower in followers where follower.store != nil {
            follower.row.value = element
            live = true
        }
        if !live {
            rows[id] = nil
            count -= followers.count
        }
    }

    /// Hands the rows `action` names (every row, for one that may change any)
    /// their new value.
    @usableFromInline func refresh(namedBy action: any RowChangingAction, _ state: () -> Parent) {
        var collection: IDs.Collection?
        var named: [IDs.ID] = []
        let everyRow = action.visitChangedRows { (id: IDs.ID) in named.append(id) }
        for id in everyRow ? Array(rows.keys) : named {
            guard let followers = rows[id] else { continue }
            if collection == nil { collection = state()[keyPath: path] }
            refresh(id, followers, in: collection!)
        }
    }
}

extension Store {
    /// Has `reduced` called after every reduction of this root store's core,
    /// with the action and the state it left (as devtools watch it).
    ///
    /// - Returns: Whether this store is a root store (has a core).
    @usableFromInline func observeReductions(_ reduced: @escaping (any Action, State) -> Void) -> Bool {
        guard let core else { return false }
        core.observe(reduced: reduced, jumped: { _ in })
        return true
    }

    /// A store for the row `id` of the collection at `path` in this store's
    /// state, which shows the row as it last was once the row leaves, and
    /// that row's last value, for it to follow the collection's reductions.
    @usableFromInline func rowStore<IDs: RowIDs>(
        _ id: IDs.ID, in path: KeyPath<State, IDs.Collection>, as ids: IDs.Type
    ) -> (store: Store<IDs.Element>, lastValue: RowLastValue<IDs.Element>)? where IDs.Element: Equatable {
        guard let first = backend.read({ IDs.element(id, in: $0[keyPath: path]) }) else { return nil }
        let lastValue = RowLastValue(first)
        let store: Store<IDs.Element> = scoped(
            value: { (state: State) -> IDs.Element in
                if let element = IDs.element(id, in: state[keyPath: path]) { lastValue.value = element }
                return lastValue.value
            },
            isRepeat: { (old: IDs.Element, new: IDs.Element) in old == new },
            embed: { ElementAction(id: id, action: $0) },
            row: RowMembership(id: id, parent: self, in: path, as: IDs.self))
        return (store: store, lastValue: lastValue)
    }
}
