import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// An ``IdentifiedArray``'s id subscript: read, set, set to nil, and changed
/// in place (the element moved out of its slot and back, or popped and
/// appended back if it is the last), at every place and at sizes with and
/// without a table.
@Suite("IdentifiedArray's id subscript")
struct IdentifiedArraySubscriptTests {
    struct Todo: Identifiable, Equatable {
        var id: Int
        var title: String
        var done = false
    }

    /// Counts the tokens alive, so a test sees an element destroyed twice or never.
    final class Census {
        var alive = 0
    }

    final class Token {
        let census: Census

        init(_ census: Census) {
            self.census = census
            census.alive += 1
        }

        deinit { census.alive -= 1 }
    }

    struct Tagged: Identifiable {
        let id: Int
        var tags: [Int] = []
        var token: Token? = nil
        var count = 0

        mutating func bump(failing: Bool) throws {
            count += 1
            if failing { throw Failure() }
        }
    }

    struct Failure: Error {}

    /// Sets `value` to nil: through the subscript's in-place accessor, not its setter.
    static func clear<Value>(_ value: inout Value?) {
        value = nil
    }

    /// Sizes below and above the size that gets a table (16).
    static let sizes = [1, 2, 3, 16, 17, 40]

    static func expectPositionsRight(_ list: IdentifiedArrayOf<Tagged>, _ ids: [Int]) {
        #expect(list.ids == ids)
        for (position, id) in ids.enumerated() where list.index(id: id) != position {
            Issue.record("position of \(id) is \(String(describing: list.index(id: id))), not \(position)")
        }
    }

    @Test func theSubscriptByIDUpdatesInPlaceAppendsAndRemoves() {
        var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Bread")]
        todos[id: 1]?.done = true
        #expect(todos[id: 1]?.done == true)
        #expect(todos.ids == [1, 2])
        todos[id: 3] = Todo(id: 3, title: "Tea")
        #expect(todos.ids == [1, 2, 3])
        todos[id: 1] = nil
        #expect(todos.ids == [2, 3])
        #expect(todos.index(id: 3) == 1)
        todos[id: 42] = nil  // not there: nothing happens
        #expect(todos.ids == [2, 3])
    }

    @Test func theSubscriptByIDChangesTheElementWithoutACopy() {
        var tags = [1]
        tags.reserveCapacity(16)
        var list = IdentifiedArrayOf<Tagged>(uniqueElements: [Tagged(id: 1, tags: tags), Tagged(id: 2)])
        tags = []  // the element's array is now its buffer's only owner
        let buffer = list[id: 1]?.tags.withUnsafeBufferPointer { $0.baseAddress }
        list[id: 1]?.tags.append(2)  // a copy of the element would copy the buffer
        #expect(list[id: 1]?.tags.withUnsafeBufferPointer { $0.baseAddress } == buffer)
        #expect(list[id: 1]?.tags == [1, 2] && list.ids == [1, 2] && list.index(id: 2) == 1)
        // Through the in-place accessor too: nil removes, a new element is appended.
        var taken: Tagged? = nil
        swap(&list[id: 1], &taken)
        #expect(taken?.tags == [1, 2] && list.ids == [2])
        swap(&list[id: 1], &taken)
        #expect(taken == nil && list.ids == [2, 1] && list.index(id: 1) == 1)
    }

    @Test func anElementChangedInPlaceAtEveryPlaceIsNotCopied() {
        for size in Self.sizes {
            var list = IdentifiedArrayOf<Tagged>(
                uniqueElements: (0..<size).map { Tagged(id: $0, tags: Array(repeating: $0, count: 4)) })
            for id in Set([0, size / 2, size - 1]) {
                let buffer = list[id: id]?.tags.withUnsafeBufferPointer { $0.baseAddress }
                list[id: id]?.tags[0] = -1  // the element's own buffer, changed where it is
                #expect(list[id: id]?.tags.withUnsafeBufferPointer { $0.baseAddress } == buffer)
                #expect(list[id: id]?.tags == [-1, id, id, id])
            }
            Self.expectPositionsRight(list, Array(0..<size))
        }
    }

    @Test func nilThroughTheInPlaceAccessorRemovesAtEveryPlace() {
        let census = Census()
        for size in Self.sizes {
            for doomed in Set([0, size / 2, size - 1]) {
                var list = IdentifiedArrayOf<Tagged>(
                    uniqueElements: (0..<size).map { Tagged(id: $0, token: Token(census)) })
                Self.clear(&list[id: doomed])
                #expect(census.alive == size - 1)  // the removed element went once; none other went
                var ids = Array(0..<size)
                ids.remove(at: doomed)
                Self.expectPositionsRight(list, ids)
                #expect(list[id: doomed] == nil)
                // The collection goes on: the id comes back at the end, the others stay found.
                list[id: doomed] = Tagged(id: doomed, token: Token(census))
                Self.expectPositionsRight(list, ids + [doomed])
            }
            #expect(census.alive == 0)
        }
    }

    @Test func aChangeThatThrowsLeavesTheChangedElementInItsPlace() {
        for size in Self.sizes {
            var list = IdentifiedArrayOf<Tagged>(uniqueElements: (0..<size).map { Tagged(id: $0) })
            for id in Set([0, size / 2, size - 1]) {
                #expect(throws: Failure.self) { try list[id: id]?.bump(failing: true) }
                #expect(list[id: id]?.count == 1)  // what it changed before it threw stays
                try? list[id: id]?.bump(failing: false)
                #expect(list[id: id]?.count == 2)
            }
            Self.expectPositionsRight(list, Array(0..<size))
            #expect(throws: Never.self) { try list[id: size]?.bump(failing: true) }  // not there: not run
            #expect(list.count == size)
        }
    }

    @Test func aChangeInPlaceLeavesACopyAlone() {
        for size in Self.sizes {
            var list = IdentifiedArrayOf<Tagged>(uniqueElements: (0..<size).map { Tagged(id: $0) })
            let copy = list
            list[id: size / 2]?.count = 7
            Self.clear(&list[id: 0])
            #expect(copy.map(\.count) == Array(repeating: 0, count: size))
            Self.expectPositionsRight(copy, Array(0..<size))
            #expect(list[id: size / 2]?.count == (size / 2 == 0 ? nil : 7))
            Self.expectPositionsRight(list, Array(1..<size))
        }
    }

    /// Random programs through the subscript alone (read, set, set to nil,
    /// changed in place, cleared in place, a new element given in place),
    /// against a plain array, in collections that grow past the table's threshold.
    @Test func randomProgramsThroughTheSubscriptAgreeWithAPlainArray() {
        var random = SplitMix64(seed: 40)
        let census = Census()
        for _ in 0..<100 {
            var list = IdentifiedArrayOf<Tagged>()
            var plain: [(id: Int, count: Int)] = []
            for _ in 0..<120 {
                let id = Int(random.next() % 48)
                let index = plain.firstIndex { $0.id == id }
                switch random.next() % 5 {
                case 0:
                    list[id: id] = Tagged(id: id, token: Token(census), count: 100)
                    if let index { plain[index].count = 100 } else { plain.append((id, 100)) }
                case 1:
                    list[id: id] = nil
                    if let index { plain.remove(at: index) }
                case 2:
                    list[id: id]?.count += 1
                    if let index { plain[index].count += 1 }
                case 3:
                    Self.clear(&list[id: id])
                    if let index { plain.remove(at: index) }
                default:
                    var fresh: Tagged? = Tagged(id: id, token: Token(census), count: 50)
                    swap(&list[id: id], &fresh)
                    if let index { plain[index].count = 50 } else { plain.append((id, 50)) }
                }
                #expect(list.map(\.count) == plain.map(\.count))
                Self.expectPositionsRight(list, plain.map(\.id))
            }
            list.removeAll()
        }
        #expect(census.alive == 0)
    }

    @Test func settingAnElementUnderAnotherIDStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk")]
            todos[id: 1] = Todo(id: 2, title: "Bread")
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ReduxKitLinux: \(Misuse.elementIDChanged("1"))"))
    }

    @Test func changingTheIDThroughTheSubscriptByIDStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Bread")]
            todos[id: 1]?.id = 3
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ReduxKitLinux: \(Misuse.elementIDChanged("1"))"))
    }
}
