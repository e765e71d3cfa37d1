import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// `updateMany` as one change, in an unsorted and a sorted adapter: each
/// update is addressed to the entity that had its id when the batch began,
/// so a rename does not hide the entity from the updates after it (Redux
/// Toolkit's "doesn't break when multiple renames of one item occur", in its
/// sorted and unsorted suites, and its issue #5322).
@Suite("Entity adapter updates")
struct EntityAdapterUpdatesTests {
    typealias Book = EntityAdapterTests.Book

    static func adapter(sorted: Bool) -> EntityAdapter<String, Book> {
        sorted
            ? EntityAdapter(selectId: { $0.bookID }, sortComparer: { $0.title < $1.title })
            : EntityAdapter(selectId: { $0.bookID })
    }

    static func state(_ adapter: EntityAdapter<String, Book>, _ books: [Book]) -> EntityState<String, Book> {
        var state = EntityState<String, Book>()
        adapter.addMany(books, to: &state)
        return state
    }

    @Test(arguments: [false, true])
    func twoRenamesOfOneEntityLeaveOnlyTheLastID(sorted: Bool) {
        let adapter = Self.adapter(sorted: sorted)
        var state = Self.state(adapter, [EntityAdapterTests.book("a", "First")])
        adapter.updateMany(
            [EntityUpdate(id: "a") { $0.bookID = "b" }, EntityUpdate(id: "a") { $0.bookID = "c" }], in: &state)
        #expect(state.ids == ["c"])
        #expect(state.entities == ["c": EntityAdapterTests.book("c", "First")])
    }

    @Test(arguments: [false, true])
    func anUpdateAddressedToTheOldIDAfterARenameStillApplies(sorted: Bool) {
        let adapter = Self.adapter(sorted: sorted)
        var state = Self.state(adapter, [EntityAdapterTests.book("a", "First"), EntityAdapterTests.book("z", "Zed")])
        adapter.updateMany(
            [EntityUpdate(id: "a") { $0.bookID = "b" }, EntityUpdate(id: "a") { $0.title = "Updated" }], in: &state)
        #expect(state.ids == ["b", "z"])
        #expect(
            state.entities == ["b": EntityAdapterTests.book("b", "Updated"), "z": EntityAdapterTests.book("z", "Zed")])
    }

    /// Two entities trading ids in one batch both survive; an entity that is
    /// given the id of one not updated replaces it, at its own place.
    @Test(arguments: [false, true])
    func renamesInOneBatchAreAppliedTogether(sorted: Bool) {
        let adapter = Self.adapter(sorted: sorted)
        let books = ["a", "b", "c", "d"].map { EntityAdapterTests.book($0, $0.uppercased()) }
        var state = Self.state(adapter, books)
        adapter.updateMany(
            [
                EntityUpdate(id: "a") { $0.bookID = "b" },
                EntityUpdate(id: "b") { $0.bookID = "a" },
                EntityUpdate(id: "c") { $0.bookID = "d" },
            ], in: &state)
        #expect(state.ids == ["b", "a", "d"])
        #expect(state.all.map(\.title) == ["A", "B", "C"])
        // Not there when the batch began: the entity the batch gave the id to.
        adapter.updateMany(
            [EntityUpdate(id: "d") { $0.bookID = "e" }, EntityUpdate(id: "e") { $0.title = "C2" }], in: &state)
        #expect(state.ids == ["b", "a", "e"] && state.entities["e"]?.title == "C2")
        // The last of two updates that end with one id keeps it, at its own place.
        adapter.updateMany(
            [EntityUpdate(id: "b") { $0.bookID = "x" }, EntityUpdate(id: "e") { $0.bookID = "x" }], in: &state)
        #expect(state.ids == ["a", "x"] && state.entities["x"]?.title == "C2")
    }
}
