import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// Redux Toolkit's entity adapter, operation by operation, with its edges:
/// duplicates in a batch, ids not there, an id changed by an update, several
/// updates of one id, sorting kept (counted in comparator calls), a Codable
/// round trip.
@Suite("Entity adapter")
struct EntityAdapterTests {
    struct Book: Equatable, Codable, Sendable {
        var bookID: String
        var title: String
        var year = 0
    }

    static let adapter = EntityAdapter<String, Book>(selectId: { $0.bookID })

    /// A sorted adapter whose comparator calls are counted.
    static func sorted(_ calls: Counter) -> EntityAdapter<String, Book> {
        EntityAdapter(selectId: { $0.bookID }) { left, right in
            calls.increment()
            return left.title < right.title
        }
    }

    static func book(_ id: String, _ title: String, _ year: Int = 0) -> Book {
        Book(bookID: id, title: title, year: year)
    }

    @Test func addKeepsTheFirstOfADuplicateAndSetTheLast() {
        var state = EntityState<String, Book>()
        Self.adapter.addOne(Self.book("a", "Beloved"), to: &state)
        Self.adapter.addOne(Self.book("a", "Other"), to: &state)
        Self.adapter.addMany([Self.book("b", "Dune"), Self.book("c", "Emma"), Self.book("b", "Not Dune")], to: &state)
        #expect(state.ids == ["a", "b", "c"])
        #expect(state.entities["a"]?.title == "Beloved" && state.entities["b"]?.title == "Dune")
        Self.adapter.setMany(
            [Self.book("d", "Ivanhoe"), Self.book("b", "Dune II"), Self.book("d", "Ivanhoe II")], in: &state)
        #expect(state.ids == ["a", "b", "c", "d"])
        #expect(state.entities["b"]?.title == "Dune II" && state.entities["d"]?.title == "Ivanhoe II")
        Self.adapter.setOne(Self.book("a", "Jazz"), in: &state)
        #expect(state[id: "a"]?.title == "Jazz")
        Self.adapter.setAll([Self.book("x", "X"), Self.book("y", "Y"), Self.book("x", "X2")], in: &state)
        #expect(state.ids == ["x", "y"] && state.all.map(\.title) == ["X2", "Y"])
    }

    @Test func removingIdsThatAreNotThereDoesNothing() {
        var state = EntityState<String, Book>()
        Self.adapter.addMany((0..<6).map { Self.book("\($0)", "t\($0)") }, to: &state)
        Self.adapter.removeOne("9", from: &state)
        Self.adapter.removeOne("2", from: &state)
        Self.adapter.removeMany(["0", "4", "4", "nope"], from: &state)
        #expect(state.ids == ["1", "3", "5"])
        #expect(Set(state.entities.keys) == ["1", "3", "5"])
        Self.adapter.removeAll(from: &state)
        #expect(state.isEmpty && state.entities.isEmpty)
        Self.adapter.updateOne(EntityUpdate(id: "1") { $0.title = "ghost" }, in: &state)
        #expect(state.isEmpty)
    }

    @Test func anUpdateThatChangesTheIDMovesTheEntityAndKeepsItsPlace() {
        var state = EntityState<String, Book>()
        Self.adapter.addMany([Self.book("a", "A"), Self.book("b", "B"), Self.book("c", "C")], to: &state)
        Self.adapter.updateOne(EntityUpdate(id: "b") { $0.bookID = "z" }, in: &state)
        #expect(state.ids == ["a", "z", "c"])
        #expect(state.entities["z"]?.title == "B" && state.entities["b"] == nil)
        // Onto another entity's id: that one goes, the moved one keeps its place.
        Self.adapter.updateOne(EntityUpdate(id: "c") { $0.bookID = "a" }, in: &state)
        #expect(state.ids == ["z", "a"])
        #expect(state.entities["a"]?.title == "C")
    }

    /// RTK lost these (its issues #1853, #3429, #5322): every update of one
    /// id in one batch applies, in order, each after the one before, an id
    /// change included.
    @Test func severalUpdatesOfOneIDInOneBatchAllApplyInOrder() {
        var state = EntityState<String, Book>()
        Self.adapter.addMany([Self.book("a", "A"), Self.book("b", "B")], to: &state)
        Self.adapter.updateMany(
            [
                EntityUpdate(id: "a") { $0.title += "1" },
                EntityUpdate(id: "a") { $0.year = 1999 },
                EntityUpdate(id: "a") { $0.bookID = "a2" },
                EntityUpdate(id: "a2") { $0.title += "2" },
                EntityUpdate(id: "a") { $0.title += "3" },  // addressed to the id it had when the batch began
            ], in: &state)
        #expect(state.ids == ["a2", "b"])
        #expect(state.entities["a2"] == Self.book("a2", "A123", 1999))
        Self.adapter.upsertMany([Self.book("b", "B1"), Self.book("c", "C"), Self.book("b", "B2")], in: &state)
        #expect(state.ids == ["a2", "b", "c"] && state.entities["b"]?.title == "B2")
        Self.adapter.upsertOne(Self.book("d", "D"), in: &state)
        #expect(state.ids.last == "d")
    }

    @Test func aSortedAdapterKeepsIdsSortedAndStable() {
        let calls = Counter()
        let adapter = Self.sorted(calls)
        var state = EntityState<String, Book>()
        adapter.addMany(
            [Self.book("1", "m"), Self.book("2", "c"), Self.book("3", "m"), Self.book("4", "a")], to: &state)
        #expect(state.ids == ["4", "2", "1", "3"])  // "m" twice: in the order added
        adapter.addOne(Self.book("5", "m"), to: &state)
        #expect(state.ids == ["4", "2", "1", "3", "5"])
        adapter.setOne(Self.book("2", "z"), in: &state)
        #expect(state.ids == ["4", "1", "3", "5", "2"])
        adapter.updateOne(EntityUpdate(id: "2") { $0.title = "b" }, in: &state)
        #expect(state.ids == ["4", "2", "1", "3", "5"])
        adapter.updateOne(EntityUpdate(id: "4") { $0.bookID = "0" }, in: &state)
        #expect(state.ids == ["0", "2", "1", "3", "5"])
        adapter.removeMany(["1", "5"], from: &state)
        #expect(state.ids == ["0", "2", "3"])
        #expect(state.all.map(\.title) == ["a", "b", "m"])
    }

    /// RTK re-sorts everything on each change: about 101,000 comparator calls
    /// to update one of 100,000. Here: a binary search to insert, one to find
    /// an updated entity and its neighbours to check it, nothing to remove.
    @Test func sortingCostsAFewComparatorCallsNotAResort() {
        let calls = Counter()
        let adapter = Self.sorted(calls)
        var state = EntityState<String, Book>()
        let n = 100_000
        adapter.addMany((0..<n).map { Self.book("\($0)", String(format: "%08d", $0 * 2)) }, to: &state)
        let log2 = Int((Double(n)).log2.rounded(.up))

        var before = calls.count
        adapter.addOne(Self.book("new", String(format: "%08d", 777)), to: &state)
        #expect(calls.count - before <= log2 + 1)
        #expect(state.ids[389] == "new")

        // Found by its old value (a binary search), then its neighbours checked.
        before = calls.count
        adapter.updateOne(EntityUpdate(id: "500") { $0.year = 1 }, in: &state)  // keeps its place
        #expect(calls.count - before <= log2 + 1 + 2)

        before = calls.count
        adapter.updateOne(EntityUpdate(id: "10") { $0.title = String(format: "%08d", 3_000) }, in: &state)  // moves
        #expect(calls.count - before <= log2 + 1 + 2 + log2 + 1)
        #expect(state.ids.firstIndex(of: "10") == 1_501)  // after "new" and the entity already titled 3000

        before = calls.count
        adapter.removeMany((0..<1_000).map { "\($0 * 3)" }, from: &state)
        #expect(calls.count - before == 0)
        #expect(state.count == n + 1 - 1_000)
        #expect(zip(state.all, state.all.dropFirst()).allSatisfy { $0.title <= $1.title })
    }

    @Test func itsActionsReachOnlyTheReducerOfAnAdapterWithItsName() {
        struct Shelves {
            var fiction = EntityState<String, Book>()
            var poetry = EntityState<String, Book>()
        }
        let fiction = EntityAdapter<String, Book>(name: "fiction", selectId: { $0.bookID })
        let poetry = EntityAdapter<String, Book>(name: "poetry", selectId: { $0.bookID })
        let store = createStore(
            combineReducers(fiction.reducer(state: \Shelves.fiction), poetry.reducer(state: \Shelves.poetry)), Shelves()
        )
        store.dispatch(fiction.addMany([Self.book("a", "A"), Self.book("b", "B")]))
        store.dispatch(poetry.addOne(Self.book("p", "P")))
        store.dispatch(fiction.updateOne(EntityUpdate(id: "a") { $0.title = "A1" }))
        store.dispatch(fiction.removeOne("b"))
        #expect(store.state.fiction.ids == ["a"] && store.state.fiction.entities["a"]?.title == "A1")
        #expect(store.state.poetry.ids == ["p"])
        #expect(fiction.removeAll().type == "fiction/removeAll")
        store.dispatch(fiction.setAll([Self.book("x", "X")]))
        store.dispatch(fiction.upsertMany([Self.book("x", "X1")]))
        #expect(store.state.fiction.all == [Self.book("x", "X1")])
    }

    @Test func theSelectorsReadTheStateAndSelectAllIsRemembered() {
        struct Library { var books = EntityState<String, Book>() }
        var library = Library()
        Self.adapter.addMany([Self.book("a", "A"), Self.book("b", "B")], to: &library.books)
        let selectors = Self.adapter.selectors(state: \Library.books)
        #expect(selectors.selectIds(library) == ["a", "b"])
        #expect(selectors.selectTotal(library) == 2)
        #expect(selectors.selectById(library, "b")?.title == "B")
        #expect(selectors.selectEntities(library).count == 2)
        #expect(selectors.selectAll(library).map(\.bookID) == ["a", "b"])
        for _ in 0..<1_000 { _ = selectors.selectAll(library) }
        #expect(selectors.selectAll.recomputations == 1)
        Self.adapter.updateOne(EntityUpdate(id: "a") { $0.title = "A1" }, in: &library.books)
        #expect(selectors.selectAll(library).first?.title == "A1")
        #expect(selectors.selectAll.recomputations == 2)
    }

    @Test func aCodableRoundTripInReduxToolkitsShape() throws {
        var state = EntityState<String, Book>()
        Self.adapter.addMany([Self.book("b", "B"), Self.book("a", "A")], to: &state)
        let data = try JSONEncoder().encode(state)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["ids"] as? [String] == ["b", "a"])
        #expect((object?["entities"] as? [String: Any])?.keys.sorted() == ["a", "b"])
        let decoded = try JSONDecoder().decode(EntityState<String, Book>.self, from: data)
        #expect(decoded == state)
        let broken = Data(#"{"ids":["a","a"],"entities":{"a":{"bookID":"a","title":"A","year":0}}}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(EntityState<String, Book>.self, from: broken) }
    }
}

extension Double {
    fileprivate var log2: Double { Foundation.log2(self) }
}
