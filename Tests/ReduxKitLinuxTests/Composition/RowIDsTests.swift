import Testing

@testable import ReduxKitLinux

/// The ids a collection's table of departures keeps to compare with the next
/// state's: an `EntityState`'s are the same, in O(1), after a change to an
/// entity (which changes the state's `version`), and not the same after any
/// change to its ids, through every adapter operation that changes them.
@Suite("Row ids")
struct RowIDsTests {
    struct Book: Identifiable, Equatable, Sendable {
        let id: Int
        var title: String
    }

    static let unsorted = EntityAdapter<Int, Book>()
    static let sorted = EntityAdapter<Int, Book>(sortComparer: { $0.title < $1.title })

    static func shelf(_ adapter: EntityAdapter<Int, Book>) -> EntityState<Int, Book> {
        var state = EntityState<Int, Book>()
        adapter.addMany((0..<100).map { Book(id: $0, title: "t\(1_000 + $0)") }, to: &state)
        return state
    }

    @Test(arguments: [false, true])
    func anEntitysChangeKeepsTheIDsTheSame(isSorted: Bool) {
        let adapter = isSorted ? Self.sorted : Self.unsorted
        var state = Self.shelf(adapter)
        let kept = EntityRowIDs<Book>(state)
        let version = state.version
        adapter.updateOne(EntityUpdate(id: 5) { $0.title = "t1005, revised" }, in: &state)  // stays in place
        adapter.setOne(Book(id: 6, title: "t1006"), in: &state)
        adapter.upsertMany([Book(id: 7, title: "t1007")], in: &state)
        #expect(state.version != version)
        #expect(EntityRowIDs(state).surelySame(as: kept))
    }

    @Test(arguments: [false, true])
    func aChangeToTheIDsIsNeverTheSame(isSorted: Bool) {
        let adapter = isSorted ? Self.sorted : Self.unsorted
        let changes: [(inout EntityState<Int, Book>) -> Void] = [
            { adapter.addOne(Book(id: 500, title: "t1500"), to: &$0) },
            { adapter.removeOne(3, from: &$0) },
            { adapter.removeMany([1, 2], from: &$0) },
            { adapter.updateOne(EntityUpdate(id: 4) { $0 = Book(id: 400, title: $0.title) }, in: &$0) },
            { adapter.setAll((0..<100).map { Book(id: $0, title: "t\(1_000 + $0)") }, in: &$0) },
            { adapter.removeAll(from: &$0) },
        ]
        for change in changes {
            var state = Self.shelf(adapter)
            let kept = EntityRowIDs<Book>(state)
            change(&state)
            #expect(!EntityRowIDs(state).surelySame(as: kept))
        }
    }

    @Test func aSortedStateWhoseEntityMovesHasOtherIDs() {
        var state = Self.shelf(Self.sorted)
        let kept = EntityRowIDs<Book>(state)
        Self.sorted.updateOne(EntityUpdate(id: 0) { $0.title = "t9999" }, in: &state)  // moves to the end
        #expect(state.ids.last == 0)
        #expect(!EntityRowIDs(state).surelySame(as: kept))
    }

    @Test func emptyStatesHaveTheSameIDs() {
        #expect(EntityRowIDs<Book>(EntityState()).surelySame(as: EntityRowIDs(EntityState())))
    }
}
