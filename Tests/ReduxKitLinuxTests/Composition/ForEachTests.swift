import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Testing

/// Identified children (issue 23, item 5): a row's reducer lifted to a list
/// by id, and a row's store that outlives the row (TCA's ReusableFavoriting).
@Suite("forEach and rows")
struct ForEachTests {
    struct Row: Identifiable, Equatable {
        let id: Int
        var isFavorite = false
        var title = ""
    }

    struct Screen {
        var rows: [Row] = (0..<3).map { Row(id: $0) }
        var log: [String] = []
    }

    struct ToggleFavorite: Action {}
    struct Rename: Action { let title: String }
    struct RemoveRow: Action { let id: Int }

    static func row(_ row: inout Row, _ action: any Action) {
        switch action {
        case is ToggleFavorite: row.isFavorite.toggle()
        case let rename as Rename: row.title = rename.title
        default: break
        }
    }

    static func screenOwn(_ screen: inout Screen, _ action: any Action) {
        screen.log.append(action.type)
        if let remove = action as? RemoveRow { screen.rows.removeAll { $0.id == remove.id } }
    }

    static var reducer: InPlaceReducer<Screen> { combineReducers(forEach(row, state: \Screen.rows), screenOwn) }

    @Test func anElementActionReachesOnlyTheElementWithItsID() {
        let store = createStore(Self.reducer, Screen())
        store.dispatch(ElementAction(id: 1, action: ToggleFavorite()))
        #expect(store.state.rows.map(\.isFavorite) == [false, true, false])
        store.dispatch(ElementAction(id: 0, action: ToggleFavorite()))
        store.dispatch(ElementAction(id: 1, action: ToggleFavorite()))
        #expect(store.state.rows.map(\.isFavorite) == [true, false, false])
        // Not the elements' actions, or an id no element has: no element changes.
        store.dispatch(ToggleFavorite())
        store.dispatch(ElementAction(id: 7, action: ToggleFavorite()))
        #expect(store.state.rows.map(\.isFavorite) == [true, false, false])
        #expect(store.state.log.last == "element(7)/ToggleFavorite")
    }

    @Test func aChildTypedOnItsOwnActionsSeesOnlyThose() {
        let rename = forEach({ (row: inout Row, action: Rename) in row.title = action.title }, state: \Screen.rows)
        let store = createStore(rename, Screen())
        store.dispatch(ElementAction(id: 2, action: Rename(title: "two")))
        store.dispatch(ElementAction(id: 2, action: ToggleFavorite()))
        #expect(store.state.rows[2] == Row(id: 2, isFavorite: false, title: "two"))
    }

    @Test func aRowsStoreDispatchesToItsRowAndOutlivesItsRemoval() throws {
        let store = createStore(Self.reducer, Screen())
        let row = try #require(store.view(element: 1, in: \Screen.rows))
        var seen: [Bool] = []
        let subscription = row.subscribe { seen.append($0.isFavorite) }
        defer { subscription.dispose() }
        row.dispatch(ToggleFavorite())
        #expect(row.state.isFavorite)
        #expect(store.state.rows.map(\.isFavorite) == [false, true, false])
        store.dispatch(ElementAction(id: 0, action: Rename(title: "zero")))  // another row: no call
        store.dispatch(RemoveRow(id: 1))
        // Gone from the list: the row's store keeps the row as it last was, and a late action is harmless.
        #expect(row.state == Row(id: 1, isFavorite: true))
        row.dispatch(ToggleFavorite())
        #expect(row.state == Row(id: 1, isFavorite: true))
        #expect(store.state.rows.map(\.id) == [0, 2])
        #expect(store.state.rows.map(\.isFavorite) == [false, false])
        #expect(seen == [true])  // its one change; not the other row's, nor the removal
    }

    @Test func thereIsNoRowsStoreForAnIDTheListDoesNotHold() {
        let store = createStore(Self.reducer, Screen())
        #expect(store.view(element: 9, in: \Screen.rows) == nil)
    }
}
