import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// The identified, ordered collection: found by id in O(1), ordered as an
/// array, ids unique; checked against a plain array by random programs.
@Suite("IdentifiedArray")
struct IdentifiedArrayTests {
    struct Todo: Identifiable, Equatable, Hashable, Codable, Sendable {
        var id: Int
        var title: String
        var done = false
    }

    static let milk = Todo(id: 1, title: "Milk")
    static let bread = Todo(id: 2, title: "Bread")
    static let tea = Todo(id: 3, title: "Tea")

    @Test func itReadsAsAnArrayAndFindsByID() {
        let todos: IdentifiedArrayOf<Todo> = [Self.milk, Self.bread, Self.tea]
        #expect(Array(todos) == [Self.milk, Self.bread, Self.tea])
        #expect(todos.ids == [1, 2, 3])
        #expect(todos[id: 2] == Self.bread)
        #expect(todos[id: 9] == nil)
        #expect(todos.index(id: 3) == 2)
        #expect(todos.contains(id: 1) && !todos.contains(id: 4))
        #expect(todos[1] == Self.bread)
        #expect(todos.count == 3 && todos.first == Self.milk && todos.last == Self.tea)
        #expect(todos.map(\.title) == ["Milk", "Bread", "Tea"])
    }

    @Test func appendAndInsertRefuseAnIDAlreadyThere() {
        var todos: IdentifiedArrayOf<Todo> = [Self.milk]
        #expect(todos.append(Self.bread) == (true, 1))
        #expect(todos.append(Todo(id: 1, title: "Other milk")) == (false, 0))
        #expect(todos[id: 1]?.title == "Milk")
        #expect(todos.insert(Self.tea, at: 0) == (true, 0))
        #expect(todos.ids == [3, 1, 2])
        #expect(todos.index(id: 2) == 2)
        #expect(todos.insert(Self.tea, at: 2) == (false, 0))
        #expect(todos.updateOrAppend(Todo(id: 1, title: "Oat milk")) == Self.milk)
        #expect(todos[id: 1]?.title == "Oat milk")
        #expect(todos.updateOrAppend(Todo(id: 4, title: "Jam")) == nil)
        #expect(todos.ids == [3, 1, 2, 4])
        let inserted = todos.updateOrInsert(Todo(id: 5, title: "Eggs"), at: 1)
        #expect(inserted.originalMember == nil && inserted.index == 1)
        #expect(todos.ids == [3, 5, 1, 2, 4])
        #expect(todos.map { todos.index(id: $0.id) } == [0, 1, 2, 3, 4])
    }

    @Test func removingKeepsEveryPositionRight() {
        var todos = IdentifiedArrayOf<Todo>(uniqueElements: (0..<10).map { Todo(id: $0, title: "\($0)") })
        #expect(todos.remove(id: 3)?.id == 3)
        #expect(todos.remove(id: 3) == nil)
        #expect(todos.remove(at: 0).id == 0)
        todos.removeAll(ids: [9, 5, 5, 42])
        #expect(todos.ids == [1, 2, 4, 6, 7, 8])
        todos.removeAll { $0.id % 2 == 0 }
        #expect(todos.ids == [1, 7])
        for (position, todo) in todos.enumerated() { #expect(todos.index(id: todo.id) == position) }
        todos.removeAll()
        #expect(todos.isEmpty && todos[id: 1] == nil)
    }

    @Test func anElementWhoseIDChangesInPlaceMovesItsID() {
        var todos: IdentifiedArrayOf<Todo> = [Self.milk, Self.bread]
        todos.modify(id: 1) { $0.id = 10 }
        #expect(todos.ids == [10, 2])
        #expect(todos[id: 10]?.title == "Milk")
        #expect(todos[id: 1] == nil)
        todos[1].id = 20  // through the position
        #expect(todos[id: 20]?.title == "Bread" && todos.index(id: 20) == 1)
        #expect(todos.modify(id: 1) { $0.done = true } == nil)
    }

    @Test func sortingIsStableAndSwappingKeepsPositions() {
        var todos = IdentifiedArrayOf<Todo>(uniqueElements: [
            Todo(id: 1, title: "b"), Todo(id: 2, title: "a"), Todo(id: 3, title: "b"), Todo(id: 4, title: "a"),
        ])
        todos.sort { $0.title < $1.title }
        #expect(todos.ids == [2, 4, 1, 3])
        todos.swapAt(0, 3)
        #expect(todos.ids == [3, 4, 1, 2])
        #expect(todos.map { todos.index(id: $0.id)! } == [0, 1, 2, 3])
        #expect(todos.filter { $0.title == "a" }.ids == [4, 2])
    }

    @Test func uniquingIDsKeepsTheFirstPositionAndWhatTheCombineSays() {
        let todos = IdentifiedArrayOf<Todo>(
            [Self.milk, Self.bread, Todo(id: 1, title: "Oat milk")], uniquingIDsWith: { _, later in later })
        #expect(todos.ids == [1, 2])
        #expect(todos[id: 1]?.title == "Oat milk")
    }

    @Test func equalityHashingAndACodableRoundTrip() throws {
        let todos: IdentifiedArrayOf<Todo> = [Self.milk, Self.bread]
        #expect(todos == [Self.milk, Self.bread])
        #expect(todos != [Self.bread, Self.milk])
        #expect(Set([todos, [Self.milk, Self.bread]]).count == 1)
        let data = try JSONEncoder().encode(todos)
        #expect(String(decoding: data, as: UTF8.self).hasPrefix("[{"))
        #expect(try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: data) == todos)
        let duplicate = try JSONEncoder().encode([Self.milk, Self.milk])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: duplicate) }
    }

    @Test func duplicateIDsStopTheProcessWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = IdentifiedArrayOf<Todo>(uniqueElements: [
                IdentifiedArrayTests.milk, IdentifiedArrayTests.bread, IdentifiedArrayTests.milk,
            ])
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ReduxKitLinux: \(Misuse.duplicateID("1"))"))
    }

    @Test func givingAnElementAnIDAlreadyThereStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var todos = IdentifiedArrayOf<Todo>(uniqueElements: (0..<100).map { Todo(id: $0, title: "") })
            todos.modify(id: 5) { $0.id = 70 }
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ReduxKitLinux: \(Misuse.duplicateID("70"))"))
    }

    /// Random programs of every mutation, against a plain array of the same
    /// elements: the order, the elements and every id's position agree.
    @Test func randomProgramsAgreeWithAPlainArray() {
        var random = SplitMix64(seed: 33)
        for _ in 0..<200 {
            var identified = IdentifiedArrayOf<Todo>()
            var plain: [Todo] = []
            for _ in 0..<60 {
                let id = Int(random.next() % 20)
                let todo = Todo(id: id, title: "\(random.next() % 100)")
                switch random.next() % 8 {
                case 0:
                    identified.append(todo)
                    if !plain.contains(where: { $0.id == id }) { plain.append(todo) }
                case 1:
                    let at = Int(random.next() % UInt64(plain.count + 1))
                    identified.insert(todo, at: at)
                    if !plain.contains(where: { $0.id == id }) { plain.insert(todo, at: at) }
                case 2:
                    identified.remove(id: id)
                    plain.removeAll { $0.id == id }
                case 3:
                    identified.updateOrAppend(todo)
                    if let index = plain.firstIndex(where: { $0.id == id }) {
                        plain[index] = todo
                    } else {
                        plain.append(todo)
                    }
                case 4:
                    identified.removeAll { $0.title.hasSuffix("7") }
                    plain.removeAll { $0.title.hasSuffix("7") }
                case 5:
                    identified.sort { $0.title < $1.title }
                    plain = plain.enumerated().sorted { ($0.element.title, $0.offset) < ($1.element.title, $1.offset) }
                        .map(\.element)
                case 6:
                    identified[id: id]?.done.toggle()
                    if let index = plain.firstIndex(where: { $0.id == id }) { plain[index].done.toggle() }
                default:
                    identified.removeAll(ids: [id, id + 1])
                    plain.removeAll { $0.id == id || $0.id == id + 1 }
                }
                #expect(Array(identified) == plain)
                for (position, element) in plain.enumerated() where identified.index(id: element.id) != position {
                    Issue.record("position of \(element.id) is \(String(describing: identified.index(id: element.id)))")
                }
            }
        }
    }
}
