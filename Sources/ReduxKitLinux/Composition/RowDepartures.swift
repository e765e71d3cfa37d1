import Synchronization

/// Told when a row's id leaves its collection: what a product keeps for a
/// row's store (the effects product's runs of the row's async thunks) to end
/// with the row, as TCA's `forEach` cancels a removed element's effects.
package protocol RowDepartureObserver: AnyObject {
    /// The row's id has left its collection: called once, in the store's
    /// domain, after the reduction that took it out.
    func rowLeft()
}

/// One row store's place in its collection (a row's store made by
/// `view(element:in:)`): whether its row is gone now, and a way to be told
/// when it goes, through the one table the row stores of that collection
/// share (``RowDepartures``). Holds the parent store weakly, so what holds it
/// (a product's stand-in for the row store) never keeps the parent alive.
package final class RowMembership {
    /// Whether the row's id is out of its collection now (or the parent is gone).
    package let isGone: () -> Bool
    /// Tells an observer, held weakly, once when the row's id leaves; the
    /// returned ``RowWatch`` keeps the watch on (drop it to end it).
    package let watch: (any RowDepartureObserver) -> RowWatch?

    init<Parent, IDs: RowIDs>(
        id: IDs.ID, parent: Store<Parent>, in path: KeyPath<Parent, IDs.Collection>, as ids: IDs.Type
    ) {
        isGone = { [weak parent] in
            guard let parent else { return true }
            return !parent.backend.read { IDs.membership(in: $0[keyPath: path])(id) }
        }
        watch = { [weak parent] observer in
            guard let parent else { return nil }
            return parent.rowDepartures(of: path, as: IDs.self).watch(id, observer, parent: parent)
        }
    }
}

/// Keeps one watch of ``RowDepartures`` on: the table stops looking at the
/// parent's states once no watch is left. Freed from any thread.
package final class RowWatch: Sendable {
    private let live: RowWatchCount

    init(_ live: RowWatchCount) {
        self.live = live
        live.count.add(1, ordering: .relaxed)
    }

    deinit {
        live.count.subtract(1, ordering: .relaxed)
    }
}

/// How many ``RowWatch``es of one table are alive.
final class RowWatchCount: Sendable {
    let count = Atomic<Int>(0)
}

/// The rows of one identified collection in a store's state that have
/// something to end when they go, by id: one table per collection and parent
/// store, shared by the row stores made over it, instead of a watcher per row.
///
/// While a watch is on, it is the parent's one subscriber for the collection.
/// After each new state it compares the collection's ids with the ones it
/// kept, cheaply first (``RowIDs/surelySame(as:)``: for an `IdentifiedArray`,
/// the same storage of its table of positions, O(1)), so a reduction that leaves the ids
/// alone (a row's action) costs O(1) however many rows are watched. Only when
/// the ids changed does it look up each watched id in the new collection, and
/// tell the observers of the ids that left, once. Every live row store of
/// the collection also follows its row here (``lastValues``), so it keeps
/// the row as it last was when the row leaves. Used only in the store's
/// domain, as the store itself.
@usableFromInline package final class RowDepartures<Parent, IDs: RowIDs> {
    private struct Entry {
        weak var observer: (any RowDepartureObserver)?
    }

    private var entries: [IDs.ID: [Entry]] = [:]
    private let path: KeyPath<Parent, IDs.Collection>
    private let live = RowWatchCount()
    private var subscription: (any ReduxDisposable)?
    /// The ids it last saw; kept (and so the collection's id storage shared)
    /// only while a watch is on.
    private var last: IDs?
    /// How many watched ids it has looked up in a new collection, all told:
    /// what the tests count (none for a state whose ids did not change).
    package private(set) var lookups = 0
    /// How many new states it has compared with the last, all told.
    package private(set) var comparisons = 0
    /// The collection's live row stores, each following its row.
    @usableFromInline let lastValues: RowLastValues<Parent, IDs>

    init(_ path: KeyPath<Parent, IDs.Collection>) {
        self.path = path
        lastValues = RowLastValues(path)
    }

    /// Whether it is watching the parent's states.
    package var isWatching: Bool { subscription != nil }

    func watch(_ id: IDs.ID, _ observer: any RowDepartureObserver, parent: Store<Parent>) -> RowWatch {
        let watch = RowWatch(live)
        entries[id, default: []].append(Entry(observer: observer))
        if subscription == nil {
            let path = path
            subscription = parent.backend.subscribe { [weak self] start in
                self?.last = IDs(start[keyPath: path])
                return { [weak self] state in self?.saw(state) }
            }
        }
        return watch
    }

    private func saw(_ state: Parent) {
        guard live.count.load(ordering: .relaxed) > 0 else { return stop() }
        comparisons += 1
        let collection = state[keyPath: path]
        let ids = IDs(collection)
        if let last, ids.surelySame(as: last) { return }
        last = ids
        let contains = IDs.membership(in: collection)
        var left: [any RowDepartureObserver] = []
        for (id, watchers) in entries {
            lookups += 1
            let alive = watchers.filter { $0.observer != nil }
            if contains(id) {
                if alive.count != watchers.count { entries[id] = alive.isEmpty ? nil : alive }
            } else {
                entries[id] = nil
                left += alive.compactMap(\.observer)
            }
        }
        for observer in left { observer.rowLeft() }
    }

    /// No watch is left: stop looking, and let the collection's ids go.
    private func stop() {
        subscription?.dispose()
        subscription = nil
        last = nil
        entries = [:]
    }
}

extension Store {
    /// The one ``RowDepartures`` of the collection at `path` for this store.
    @usableFromInline package func rowDepartures<IDs: RowIDs>(
        of path: KeyPath<State, IDs.Collection>, as ids: IDs.Type
    ) -> RowDepartures<State, IDs> {
        if let table = rowTables[path] as? RowDepartures<State, IDs> { return table }
        let table = RowDepartures<State, IDs>(path)
        rowTables[path] = table
        return table
    }
}
