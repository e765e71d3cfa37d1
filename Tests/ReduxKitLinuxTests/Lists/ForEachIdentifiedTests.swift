import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// `forEach` and `view(element:in:)` over an `IdentifiedArray`: the element
/// is found by id without scanning (counted: the ids compared), and the
/// array forms keep working.
@Suite("forEach over an IdentifiedArray", .serialized)  // one comparison counter for the suite
struct ForEachIdentifiedTests {
    /// An id that counts how often two are compared.
    struct CountedID: Hashable, Sendable {
        static let comparisons = Counter()
        let value: Int

        static func == (lhs: Self, rhs: Self) -> Bool {
            comparisons.increment()
            return lhs.value == rhs.value
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(value)
        }
    }

    struct Row: Identifiable, Equatable, Sendable {
        let id: CountedID
        var count = 0
    }

    struct Bump: Action {}

    struct Screen {
        var rows: IdentifiedArrayOf<Row> = []
        var plain: [Row] = []
    }

    static func rowReducer(_ row: inout Row, _ action: any Action) {
        if action is Bump { row.count += 1 }
    }

    static func rows(_ count: Int) -> [Row] {
        (0..<count).map { Row(id: CountedID(value: $0)) }
    }

    @Test func anElementActionComparesAHandfulOfIDsNotTheWholeList() {
        let rows = Self.rows(10_000)
        var screen = Screen(rows: IdentifiedArrayOf(uniqueElements: rows), plain: rows)
        let identified = forEach(Self.rowReducer, state: \Screen.rows)
        let scanned = forEach(Self.rowReducer, state: \Screen.plain)
        let action = ElementAction(id: CountedID(value: 9_999), action: Bump())

        let before = CountedID.comparisons.count
        identified(&screen, action)
        let byID = CountedID.comparisons.count - before
        scanned(&screen, action)
        let byScan = CountedID.comparisons.count - before - byID

        #expect(screen.rows[id: CountedID(value: 9_999)]?.count == 1)
        #expect(screen.plain[9_999].count == 1)
        #expect(byID < 100)  // a hash lookup (its probes) and an id check: a few, whatever the size
        #expect(byScan >= 10_000)  // the array form scans up to the element
    }

    @Test func anActionForAnIDNoLongerThereChangesNothing() {
        var screen = Screen(rows: IdentifiedArrayOf(uniqueElements: Self.rows(3)))
        let reducer = forEach(Self.rowReducer, state: \Screen.rows)
        reducer(&screen, ElementAction(id: CountedID(value: 7), action: Bump()))
        reducer(&screen, Bump())  // not an element action
        #expect(screen.rows.map(\.count) == [0, 0, 0])
    }

    @Test func theTypedFormGetsOnlyItsActionType() {
        var screen = Screen(rows: IdentifiedArrayOf(uniqueElements: Self.rows(2)))
        let reducer = forEach({ (row: inout Row, _: Bump) in row.count += 10 }, state: \Screen.rows)
        reducer(&screen, ElementAction(id: CountedID(value: 1), action: Bump()))
        reducer(&screen, ElementAction(id: CountedID(value: 0), action: Noop()))
        #expect(screen.rows.map(\.count) == [0, 10])
    }

    @Test func aRowsStoreReadsItsElementByIDAndKeepsTheLastAfterItGoes() {
        struct Remove: Action { let id: Int }
        let store = createStore(
            { (state: inout Screen, action: any Action) in
                forEach(Self.rowReducer, state: \Screen.rows)(&state, action)
                if let remove = action as? Remove { state.rows.remove(id: CountedID(value: remove.id)) }
            }, Screen(rows: IdentifiedArrayOf(uniqueElements: Self.rows(5))))
        let row = store.view(element: CountedID(value: 3), in: \.rows)
        #expect(row?.state.count == 0)
        row?.dispatch(Bump())
        #expect(row?.state.count == 1)
        #expect(store.state.rows[id: CountedID(value: 3)]?.count == 1)
        var seen: [Int] = []
        let subscription = row?.subscribe { seen.append($0.count) }
        store.dispatch(Remove(id: 3))
        row?.dispatch(Bump())  // a late action for a removed row: ignored
        #expect(row?.state.count == 1)
        #expect(store.view(element: CountedID(value: 3), in: \.rows) == nil)
        #expect(seen.isEmpty)  // the element did not change
        subscription?.dispose()
    }

    /// Issue 40, item 5: a row's store not read after its row changed through
    /// it (or through its effects, which dispatch through it) still shows the
    /// row as it last was once the row is removed, not as it was when the
    /// store was made.
    @Test func aRowsStoreUnreadSinceItsRowChangedKeepsTheRowAsItLastWas() throws {
        struct Remove: Action { let id: Int }
        func makeStore(_ rows: WritableKeyPath<Screen, IdentifiedArrayOf<Row>>?) -> Store<Screen> {
            createStore(
                { (state: inout Screen, action: any Action) in
                    if let rows { forEach(Self.rowReducer, state: rows)(&state, action) }
                    if rows == nil { forEach(Self.rowReducer, state: \Screen.plain)(&state, action) }
                    if let remove = action as? Remove {
                        state.rows.remove(id: CountedID(value: remove.id))
                        state.plain.removeAll { $0.id.value == remove.id }
                    }
                }, Screen(rows: IdentifiedArrayOf(uniqueElements: Self.rows(5)), plain: Self.rows(5)))
        }
        let identifiedStore = makeStore(\Screen.rows)
        let plainStore = makeStore(nil)
        let identified = try #require(identifiedStore.view(element: CountedID(value: 3), in: \.rows))
        let plain = try #require(plainStore.view(element: CountedID(value: 3), in: \.plain))
        for _ in 0..<3 {
            identified.dispatch(Bump())
            plain.dispatch(Bump())
        }
        identifiedStore.dispatch(Remove(id: 3))
        plainStore.dispatch(Remove(id: 3))
        #expect(identified.state.count == 3)
        #expect(plain.state.count == 3)
    }
}
