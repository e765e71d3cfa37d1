import Testing

@testable import ReduxKitLinux

/// A removed row's store shows the row as it last was (issue 40, item 5b),
/// however the row changed before and though the store was never read: its
/// row follows the reductions whose action names it, through the root, a
/// sibling store or an adapter's action, in every collection and every
/// layout of stores. A row's action reads one row, however many row stores
/// live; an action naming no row reads none (counted, not timed).
@Suite("Rows' last values")
struct RowLastValuesTests {
    struct Row: Identifiable, Equatable, Sendable {
        let id: Int
        var count = 0
    }

    struct Screen {
        var plain: [Row] = (0..<5).map { Row(id: $0) }
        var rows = IdentifiedArrayOf<Row>(uniqueElements: (0..<5).map { Row(id: $0) })
        var books = EntityState<Int, Row>()
    }

    struct Bump: Action {}
    struct Remove: Action { let id: Int }
    struct Add: Action { let row: Row }
    struct Other: Action {}

    enum Kind: CaseIterable {
        case array, identified, entity
    }

    enum Layout: CaseIterable {
        case root, enhanced, scoped
    }

    static let books = EntityAdapter<Int, Row>()

    static func bump(_ row: inout Row, _ action: any Action) {
        if action is Bump { row.count += 1 }
    }

    static func screen(_ screen: inout Screen, _ action: any Action) {
        if let remove = action as? Remove {
            screen.plain.removeAll { $0.id == remove.id }
            screen.rows.remove(id: remove.id)
            books.removeOne(remove.id, from: &screen.books)
        }
        if let add = action as? Add {
            screen.plain.append(add.row)
            screen.rows.append(add.row)
            books.addOne(add.row, to: &screen.books)
        }
    }

    static func makeStore(_ layout: Layout = .root) -> Store<Screen> {
        var initial = Screen()
        books.addMany((0..<5).map { Row(id: $0) }, to: &initial.books)
        let reducer = combineReducers(
            forEach(bump, state: \Screen.plain), forEach(bump, state: \Screen.rows),
            forEach(bump, state: \Screen.books), books.reducer(state: \Screen.books), screen)
        switch layout {
        case .root: return createStore(reducer, initial)
        case .enhanced:
            let passThrough: Middleware<Screen> = { _ in { next in { next($0) } } }
            return createStore(reducer, initial, applyMiddleware(passThrough))
        case .scoped: return createStore(reducer, initial).view(value: { $0 })
        }
    }

    static func row(_ id: Int, of kind: Kind, in store: Store<Screen>) -> Store<Row>? {
        switch kind {
        case .array: store.view(element: id, in: \Screen.plain)
        case .identified: store.view(element: id, in: \Screen.rows)
        case .entity: store.view(element: id, in: \Screen.books)
        }
    }

    @Test(arguments: Kind.allCases, Layout.allCases)
    func aRowChangedThroughTheRootAndNeverReadKeepsItsLastValueOnceRemoved(kind: Kind, layout: Layout) throws {
        let store = Self.makeStore(layout)
        let row = try #require(Self.row(2, of: kind, in: store))
        for _ in 0..<3 { store.dispatch(ElementAction(id: 2, action: Bump())) }
        store.dispatch(Remove(id: 2))
        #expect(row.state == Row(id: 2, count: 3))
    }

    @Test(arguments: Kind.allCases)
    func aRowChangedThroughASiblingStoreKeepsItsLastValue(kind: Kind) throws {
        let store = Self.makeStore()
        let row = try #require(Self.row(2, of: kind, in: store))
        let list = store.view(value: { $0.rows.count })  // another view of the same root
        list.dispatch(ElementAction(id: 2, action: Bump()))
        list.dispatch(ElementAction(id: 2, action: Bump()))
        store.dispatch(Remove(id: 2))
        #expect(row.state.count == 2)
    }

    @Test func anEntityChangedByTheAdaptersActionsKeepsItsLastValue() throws {
        let store = Self.makeStore()
        let row = try #require(store.view(element: 2, in: \Screen.books))
        let other = try #require(store.view(element: 4, in: \Screen.books))
        store.dispatch(Self.books.updateOne(EntityUpdate(id: 2) { $0.count = 7 }))
        store.dispatch(Self.books.upsertOne(Row(id: 2, count: 8)))
        store.dispatch(Self.books.setMany([Row(id: 2, count: 9)]))
        store.dispatch(Self.books.setAll((0..<5).map { Row(id: $0, count: 10 + $0) }))  // every row
        store.dispatch(Self.books.removeMany([2, 4]))
        #expect(row.state.count == 12)
        #expect(other.state.count == 14)
    }

    @Test(arguments: Kind.allCases)
    func aRowThatLeavesAndComesBackIsFollowedAgain(kind: Kind) throws {
        let store = Self.makeStore()
        let row = try #require(Self.row(2, of: kind, in: store))
        store.dispatch(ElementAction(id: 2, action: Bump()))
        store.dispatch(Remove(id: 2))
        store.dispatch(ElementAction(id: 2, action: Bump()))  // no row 2: changes nothing
        #expect(row.state.count == 1)
        store.dispatch(Add(row: Row(id: 2, count: 5)))
        store.dispatch(ElementAction(id: 2, action: Bump()))
        store.dispatch(ElementAction(id: 2, action: Bump()))
        store.dispatch(Remove(id: 2))
        #expect(row.state.count == 7)
    }

    @Test func aStoreOnAnActorKeepsTheRowsLastValue() async {
        actor Screens {
            func lastCount() -> Int? {
                let store = RowLastValuesTests.makeStore()
                guard let row = store.view(element: 1, in: \Screen.books) else { return nil }
                for _ in 0..<3 { store.dispatch(ElementAction(id: 1, action: Bump())) }
                store.dispatch(Remove(id: 1))
                return row.state.count
            }
        }
        #expect(await Screens().lastCount() == 3)
    }

    @Test(arguments: Kind.allCases)
    func aRowsActionReadsOneRowAndAnActionNamingNoRowReadsNone(kind: Kind) throws {
        let store = Self.makeStore()
        let rows = try (0..<5).flatMap { id in
            try (0..<200).map { _ in try #require(Self.row(id, of: kind, in: store)) }
        }
        let refreshes = {
            switch kind {
            case .array: store.rowDepartures(of: \Screen.plain, as: ArrayRowIDs<Row>.self).lastValues.refreshes
            case .identified: store.rowDepartures(of: \Screen.rows, as: IdentifiedRowIDs<Row>.self).lastValues.refreshes
            case .entity: store.rowDepartures(of: \Screen.books, as: EntityRowIDs<Row>.self).lastValues.refreshes
            }
        }
        for _ in 0..<100 { store.dispatch(ElementAction(id: 3, action: Bump())) }
        #expect(refreshes() == 100)  // the one row named, for its 200 stores
        for _ in 0..<100 { store.dispatch(Other()) }
        #expect(refreshes() == 100)
        #expect(store.core?.subscriberCount == 0)  // following rows takes no subscription
        store.dispatch(Remove(id: 3))
        #expect(rows[3 * 200].state.count == 100 && rows[3 * 200 + 199].state.count == 100)
    }
}
