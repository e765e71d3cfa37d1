import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// A row's effects, lifted into its list (issue 23, item 5): a thunk
/// dispatched to a row's store runs in the row's terms, and a row removed
/// while its effect runs takes the late result harmlessly.
@Suite("Row effects", .hangSafetyNet)
struct RowEffectsTests {
    struct Row: Identifiable, Equatable, Sendable {
        let id: Int
        var isFavorite = false
    }

    struct Screen: Sendable {
        var rows: [Row] = (0..<3).map { Row(id: $0) }
    }

    struct SetFavorite: Action { let value: Bool }
    struct RemoveRow: Action { let id: Int }

    static func row(_ row: inout Row, _ action: SetFavorite) {
        row.isFavorite = action.value
    }

    static func screen(_ screen: inout Screen, _ action: any Action) {
        if let remove = action as? RemoveRow { screen.rows.removeAll { $0.id == remove.id } }
    }

    @MainActor
    static func makeStore() -> Store<Screen> {
        createStore(
            combineReducers(forEach(row, state: \Screen.rows), screen), Screen(), applyMiddleware(thunkMiddleware()))
    }

    @MainActor
    @Test func aThunkDispatchedToARowReadsAndChangesThatRow() throws {
        let store = Self.makeStore()
        let row = try #require(store.view(element: 2, in: \Screen.rows))
        row.dispatch(
            Thunk<Row> { dispatch, getState in
                _ = dispatch(SetFavorite(value: !getState().isFavorite))
            })
        #expect(store.state.rows.map(\.isFavorite) == [false, false, true])
    }

    static let toggle = AsyncThunk<Row, Gate, Bool>("row/toggle") { gate, context in
        try await gate.wait()
        let value = try await !context.getState().isFavorite
        await context.dispatch(SetFavorite(value: value))
        return value
    }

    @MainActor
    @Test(arguments: 0..<10)
    func aRowRemovedWhileItsRequestRunsTakesTheLateResultHarmlessly(_ run: Int) async throws {
        let store = Self.makeStore()
        let row = try #require(store.view(element: 1, in: \Screen.rows))
        let gate = Gate()
        let request = row.dispatch(Self.toggle(gate))
        store.dispatch(RemoveRow(id: 1))
        gate.open()
        #expect(try await request.value == true)  // it read the row as it last was
        #expect(store.state.rows.map(\.id) == [0, 2])
        #expect(store.state.rows.map(\.isFavorite) == [false, false])
    }
}
