import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// A row's effects end when its id leaves the collection, found where the
/// collection's ids change (issue 40, item 3): removing rows cancels exactly
/// their effects, a row that leaves and comes back runs again, and the root
/// store has one subscriber for the collection however many rows run
/// effects, entity rows as the rows of an `IdentifiedArray` (counted, not
/// timed).
@Suite("Row effects end where the collection changes", .hangSafetyNet)
struct RowDeparturesEffectsTests {
    struct Row: Identifiable, Equatable, Sendable {
        let id: Int
        var count = 0
    }

    struct Rows: Sendable {
        var rows = IdentifiedArrayOf(uniqueElements: (0..<20).map { Row(id: $0) })
    }

    struct Bump: Action {}
    struct Remove: Action { let ids: [Int] }
    struct Add: Action { let id: Int }

    static func rows(_ state: inout Rows, _ action: any Action) {
        if let remove = action as? Remove { for id in remove.ids { state.rows.remove(id: id) } }
        if let add = action as? Add { state.rows.append(Row(id: add.id)) }
    }

    @MainActor
    static func makeStore() -> Store<Rows> {
        createStore(
            combineReducers(forEach({ (row: inout Row, _: Bump) in row.count += 1 }, state: \Rows.rows), rows),
            Rows(), applyMiddleware(thunkMiddleware()))
    }

    /// Waits at its gate, then returns its row's id.
    static let wait = AsyncThunk<Row, Gate, Int>("row/wait") { gate, context in
        try await gate.wait()
        return try await context.getState().id
    }

    static func table(of store: Store<Rows>) -> RowDepartures<Rows, IdentifiedRowIDs<Row>> {
        store.rowDepartures(of: \Rows.rows, as: IdentifiedRowIDs<Row>.self)
    }

    @MainActor
    @Test func removingRowsCancelsExactlyTheirEffects() async throws {
        let store = Self.makeStore()
        let gates = (0..<20).map { _ in Gate() }
        var handles: [AsyncThunkHandle<Int>] = []
        for id in 0..<20 {
            handles.append(try #require(store.view(element: id, in: \Rows.rows)).dispatch(Self.wait(gates[id])))
        }
        #expect(store.core?.subscriberCount == 1)  // the collection's table, not a watcher per row
        for _ in 0..<50 { store.dispatch(ElementAction(id: 9, action: Bump())) }
        #expect(Self.table(of: store).lookups == 0)
        let removed: Set = [2, 7, 11]
        store.dispatch(Remove(ids: removed.sorted()))
        #expect(Self.table(of: store).lookups == 20)
        for id in 0..<20 where !removed.contains(id) { gates[id].open() }
        for (id, handle) in handles.enumerated() {
            if removed.contains(id) {
                await #expect(throws: CancellationError.self) { try await handle.value }
            } else {
                #expect(try await handle.value == id)
            }
        }
        #expect(await store.waitForEffects(timeout: .seconds(60), clock: TestClock()))
    }

    struct Shelf: Sendable {
        var books = EntityState<Int, Row>()
    }

    static let books = EntityAdapter<Int, Row>()

    /// Entity rows end their effects through their collection's one table
    /// too (issue 40, item 3), not a watcher of the root per row.
    @MainActor
    @Test func removingEntityRowsCancelsExactlyTheirEffectsThroughOneSubscriber() async throws {
        var shelf = Shelf()
        Self.books.addMany((0..<20).map { Row(id: $0) }, to: &shelf.books)
        let store = createStore(
            combineReducers(
                forEach(
                    { (row: inout Row, action: any Action) in if action is Bump { row.count += 1 } },
                    state: \Shelf.books),
                Self.books.reducer(state: \Shelf.books)),
            shelf, applyMiddleware(thunkMiddleware()))
        let gates = (0..<20).map { _ in Gate() }
        var handles: [AsyncThunkHandle<Int>] = []
        for id in 0..<20 {
            handles.append(try #require(store.view(element: id, in: \Shelf.books)).dispatch(Self.wait(gates[id])))
        }
        #expect(store.core?.subscriberCount == 1)  // the collection's table, not a watcher per entity
        for _ in 0..<50 { store.dispatch(ElementAction(id: 9, action: Bump())) }
        let removed: Set = [2, 7, 11]
        store.dispatch(Self.books.removeMany(removed.sorted()))
        for id in 0..<20 where !removed.contains(id) { gates[id].open() }
        for (id, handle) in handles.enumerated() {
            if removed.contains(id) {
                await #expect(throws: CancellationError.self) { try await handle.value }
            } else {
                #expect(try await handle.value == id)
            }
        }
        #expect(store.state.books[id: 9]?.count == 50)
        #expect(await store.waitForEffects(timeout: .seconds(60), clock: TestClock()))
    }

    @MainActor
    @Test(arguments: 0..<10)
    func aRowWhoseIDLeavesAndComesBackRunsAgainAndEndsWhenItLeavesAgain(_ run: Int) async throws {
        let store = Self.makeStore()
        let row = try #require(store.view(element: 4, in: \Rows.rows))
        let first = row.dispatch(Self.wait(Gate()))
        store.dispatch(Remove(ids: [4]))
        await #expect(throws: CancellationError.self) { try await first.value }
        store.dispatch(Add(id: 4))
        let gate = Gate()
        let second = row.dispatch(Self.wait(gate))
        let third = row.dispatch(Self.wait(Gate()))
        store.dispatch(ElementAction(id: 4, action: Bump()))
        gate.open()
        #expect(try await second.value == 4)  // the row is back: not cancelled
        store.dispatch(Remove(ids: [4]))
        await #expect(throws: CancellationError.self) { try await third.value }
        #expect(await store.waitForEffects(timeout: .seconds(60), clock: TestClock()))
    }

    @MainActor
    @Test func aRowAddedAfterTheCollectionsTableWasMadeHasItsEffectsEndedToo() async throws {
        let store = Self.makeStore()
        let gate = Gate()
        let early = try #require(store.view(element: 0, in: \Rows.rows)).dispatch(Self.wait(gate))
        // No row 50 yet: the table kept the ids without it.
        #expect(store.view(element: 50, in: \Rows.rows) == nil)
        store.dispatch(Add(id: 50))
        let late = try #require(store.view(element: 50, in: \Rows.rows)).dispatch(Self.wait(Gate()))
        store.dispatch(Remove(ids: [50]))
        await #expect(throws: CancellationError.self) { try await late.value }
        gate.open()
        #expect(try await early.value == 0)
        #expect(await store.waitForEffects(timeout: .seconds(60), clock: TestClock()))
    }
}
