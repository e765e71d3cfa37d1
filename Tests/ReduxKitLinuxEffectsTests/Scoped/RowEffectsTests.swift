import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// A row's effects, lifted into its list (issue 23, item 5): a thunk
/// dispatched to a row's store runs in the row's terms, and a row removed
/// while its effect runs has the effect cancelled (as TCA cancels a removed
/// element's effects): once every row is gone, nothing of them is left.
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
    func aRowRemovedWhileItsRequestRunsHasTheRequestCancelled(_ run: Int) async throws {
        let store = Self.makeStore()
        let row = try #require(store.view(element: 1, in: \Screen.rows))
        let request = row.dispatch(Self.toggle(Gate()))  // a gate never opened: it ends only if cancelled
        store.dispatch(RemoveRow(id: 1))
        await #expect(throws: CancellationError.self) { try await request.value }
        #expect(store.state.rows.map(\.id) == [0, 2])
        #expect(store.state.rows.map(\.isFavorite) == [false, false])
        // A late dispatch to the removed row's store changes nothing, and its run is cancelled at once.
        let late = row.dispatch(Self.toggle(Gate()))
        await #expect(throws: CancellationError.self) { try await late.value }
        #expect(await store.waitForEffects(timeout: .seconds(60), clock: TestClock()))
    }

    /// TCA leaked cached row stores (its issue #2846). Here, after every row
    /// of a list is removed, no row store, no row's effect and nothing that
    /// ran them is left alive.
    @MainActor
    @Test func afterEveryRowIsRemovedNoRowStoreOrRowEffectIsLeftAlive() async throws {
        struct Rows: Sendable {
            var rows: IdentifiedArrayOf<Row> = IdentifiedArrayOf(uniqueElements: (0..<50).map { Row(id: $0) })
        }
        struct RemoveAll: Action {}
        let store = createStore(
            combineReducers(
                forEach(Self.row, state: \Rows.rows),
                { (state: inout Rows, action: any Action) in if action is RemoveAll { state.rows.removeAll() } }),
            Rows(), applyMiddleware(thunkMiddleware()))
        weak var lastRowStore: Store<Row>?
        var effectsScopes: [() -> AnyObject?] = []
        var requests: [AsyncThunkHandle<Bool>] = []
        for id in 0..<50 {
            let row = try #require(store.view(element: id, in: \Rows.rows))
            requests.append(row.dispatch(Self.toggle(Gate())))
            let backend = row.backend as? ScopedStoreBackend<Rows, Row>
            weak let attachment = backend?.attachment
            effectsScopes.append { attachment }
            lastRowStore = row
        }
        #expect(lastRowStore == nil)  // the row stores themselves are the caller's: none is cached
        #expect(store.backend.effectTrackers().reduce(0) { $0 + $1.running } == 50)
        store.dispatch(RemoveAll())
        for request in requests { await #expect(throws: CancellationError.self) { try await request.value } }
        #expect(await store.waitForEffects(timeout: .seconds(60), clock: TestClock()))
        #expect(store.backend.effectTrackers().reduce(0) { $0 + $1.running } == 0)
        requests.removeAll()
        #expect(effectsScopes.allSatisfy { $0() == nil })
    }
}
