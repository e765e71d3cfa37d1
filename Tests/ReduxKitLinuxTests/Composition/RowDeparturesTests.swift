import Testing

@testable import ReduxKitLinux

/// The row stores of one identified collection share one table of
/// departures (issue 40, item 3): a reduction that leaves the collection's
/// ids alone (a row's action) looks up no watched row, however many are
/// watched; one that removes rows tells exactly their observers, once; and
/// the table is the parent's one subscriber, gone once no watch is left;
/// the same for entity rows. Counted, never timed.
@Suite("Row departures")
struct RowDeparturesTests {
    struct Row: Identifiable, Equatable, Sendable {
        let id: Int
        var count = 0
    }

    struct Screen {
        var rows: IdentifiedArrayOf<Row> = IdentifiedArrayOf(uniqueElements: (0..<1_000).map { Row(id: $0) })
        var plain: [Row] = (0..<10).map { Row(id: $0) }
    }

    struct Bump: Action {}
    struct Remove: Action { let ids: [Int] }
    struct Add: Action { let id: Int }

    final class Observer: RowDepartureObserver {
        var left = 0
        func rowLeft() { left += 1 }
    }

    static func screen(_ screen: inout Screen, _ action: any Action) {
        if let remove = action as? Remove {
            for id in remove.ids { screen.rows.remove(id: id) }
            screen.plain.removeAll { remove.ids.contains($0.id) }
        }
        if let add = action as? Add {
            screen.rows.append(Row(id: add.id))
            screen.plain.append(Row(id: add.id))
        }
    }

    static func makeStore() -> Store<Screen> {
        createStore(
            combineReducers(
                forEach({ (row: inout Row, _: Bump) in row.count += 1 }, state: \Screen.rows),
                forEach({ (row: inout Row, _: Bump) in row.count += 1 }, state: \Screen.plain), screen),
            Screen())
    }

    /// Every row of `ids` watched by an observer of its own, through its row store.
    static func watch(
        _ ids: Range<Int>, in store: Store<Screen>
    ) throws -> (observers: [Int: Observer], watches: [RowWatch]) {
        var observers: [Int: Observer] = [:]
        var watches: [RowWatch] = []
        for id in ids {
            let row = try #require(store.view(element: id, in: \Screen.rows))
            let membership = try #require((row.backend as? ScopedStoreBackend<Screen, Row>)?.row)
            let observer = Observer()
            observers[id] = observer
            watches.append(try #require(membership.watch(observer)))
        }
        return (observers, watches)
    }

    static func table(of store: Store<Screen>) -> RowDepartures<Screen, IdentifiedRowIDs<Row>> {
        store.rowDepartures(of: \Screen.rows, as: IdentifiedRowIDs<Row>.self)
    }

    @Test func aRowActionLooksUpNoWatchedRowAndTheTableIsTheOneSubscriber() throws {
        let store = Self.makeStore()
        let (_, watches) = try Self.watch(0..<1_000, in: store)
        #expect(store.core?.subscriberCount == 1)  // one table, not a watcher per row
        for _ in 0..<100 { store.dispatch(ElementAction(id: 500, action: Bump())) }
        let table = Self.table(of: store)
        #expect(table.comparisons == 100)
        #expect(table.lookups == 0)
        #expect(store.state.rows[id: 500]?.count == 100)
        withExtendedLifetime(watches) {}
    }

    @Test func removingRowsTellsExactlyTheirObserversOnce() throws {
        let store = Self.makeStore()
        let (observers, watches) = try Self.watch(0..<1_000, in: store)
        store.dispatch(Remove(ids: [3, 500, 999]))
        #expect(observers.filter { $0.value.left > 0 }.keys.sorted() == [3, 500, 999])
        #expect(observers.values.allSatisfy { $0.left <= 1 })
        let table = Self.table(of: store)
        #expect(table.lookups == 1_000)  // once per watched id, for the one change of ids
        store.dispatch(Remove(ids: [4]))
        #expect(table.lookups == 1_000 + 997)  // the ids that left are no longer watched
        #expect(observers[3]?.left == 1 && observers[4]?.left == 1)
        for _ in 0..<10 { store.dispatch(ElementAction(id: 7, action: Bump())) }
        #expect(table.lookups == 1_997)
        withExtendedLifetime(watches) {}
    }

    @Test func aRowWhoseIDLeavesAndComesBackIsWatchedAgain() throws {
        let store = Self.makeStore()
        let row = try #require(store.view(element: 5, in: \Screen.rows))
        let membership = try #require((row.backend as? ScopedStoreBackend<Screen, Row>)?.row)
        let first = Observer()
        var watch = membership.watch(first)
        store.dispatch(Remove(ids: [5]))
        #expect(first.left == 1 && membership.isGone())
        store.dispatch(Add(id: 5))
        #expect(!membership.isGone() && first.left == 1)
        let second = Observer()
        watch = membership.watch(second)
        store.dispatch(Remove(ids: [5]))
        #expect(first.left == 1 && second.left == 1)
        withExtendedLifetime(watch) {}
    }

    @Test func aRowAddedAfterTheTableWasMadeIsWatchedToo() throws {
        let store = Self.makeStore()
        let (_, watches) = try Self.watch(0..<1, in: store)  // the table keeps ids without row 2000
        store.dispatch(Add(id: 2_000))
        let (observers, later) = try Self.watch(2_000..<2_001, in: store)
        store.dispatch(Remove(ids: [2_000]))
        #expect(observers[2_000]?.left == 1)
        withExtendedLifetime((watches, later)) {}
    }

    @Test func theTableStopsLookingOnceNoWatchIsLeft() throws {
        let store = Self.makeStore()
        var (_, watches) = try Self.watch(0..<10, in: store)
        #expect(Self.table(of: store).isWatching)
        watches.removeAll()
        store.dispatch(ElementAction(id: 1, action: Bump()))
        #expect(!Self.table(of: store).isWatching)
        #expect(store.core?.subscriberCount == 0)
    }

    /// Entity rows share their collection's table too: a row's action
    /// changes the state's `version` but not its ids, so it looks up no
    /// watched row; removing entities tells exactly theirs.
    @Test func entityRowsShareOneTableThatLooksUpNoRowForARowsAction() throws {
        struct Shelf {
            var books = EntityState<Int, Row>()
        }
        let books = EntityAdapter<Int, Row>()
        var shelf = Shelf()
        books.addMany((0..<1_000).map { Row(id: $0) }, to: &shelf.books)
        let store = createStore(
            combineReducers(
                forEach(
                    { (row: inout Row, action: any Action) in if action is Bump { row.count += 1 } },
                    state: \Shelf.books),
                books.reducer(state: \Shelf.books)), shelf)
        var observers: [Int: Observer] = [:]
        var watches: [RowWatch] = []
        for id in 0..<1_000 {
            let row = try #require(store.view(element: id, in: \Shelf.books))
            let membership = try #require((row.backend as? ScopedStoreBackend<Shelf, Row>)?.row)
            observers[id] = Observer()
            watches.append(try #require(membership.watch(observers[id]!)))
        }
        #expect(store.core?.subscriberCount == 1)  // one table, not a watcher per entity
        let table = store.rowDepartures(of: \Shelf.books, as: EntityRowIDs<Row>.self)
        for _ in 0..<100 { store.dispatch(ElementAction(id: 500, action: Bump())) }
        store.dispatch(books.updateOne(EntityUpdate(id: 7) { $0.count = 9 }))
        #expect(table.comparisons == 101 && table.lookups == 0)
        #expect(store.state.books[id: 500]?.count == 100)
        store.dispatch(books.removeMany([3, 500, 999]))
        #expect(observers.filter { $0.value.left > 0 }.keys.sorted() == [3, 500, 999])
        #expect(observers.values.allSatisfy { $0.left <= 1 })
        #expect(table.lookups == 1_000)
        withExtendedLifetime(watches) {}
    }

    @Test func theArrayFormTellsTheRowsThatLeft() throws {
        let store = Self.makeStore()
        var observers: [Observer] = []
        var watches: [RowWatch?] = []
        for id in 0..<10 {
            let row = try #require(store.view(element: id, in: \Screen.plain))
            let observer = Observer()
            observers.append(observer)
            watches.append((row.backend as? ScopedStoreBackend<Screen, Row>)?.row?.watch(observer))
        }
        store.dispatch(ElementAction(id: 2, action: Bump()))
        store.dispatch(Remove(ids: [2, 6]))
        #expect(observers.map(\.left) == [0, 0, 1, 0, 0, 0, 1, 0, 0, 0])
        withExtendedLifetime(watches) {}
    }
}
