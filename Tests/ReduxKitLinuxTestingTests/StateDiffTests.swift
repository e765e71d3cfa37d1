import ReduxKitLinuxTesting
import Testing

@Suite("State differences", .timeLimit(.minutes(1)))
struct StateDiffTests {
    struct Inner: Equatable {
        var title: String
        var done: Bool
    }

    enum Mode: Equatable {
        case idle
        case loading(progress: Int)
    }

    struct Outer: Equatable {
        var items: [Inner]
        var lookup: [String: Int]
        var mode: Mode
        var note: String?
    }

    @Test func listsEachDifferingFieldByItsPath() {
        let expected = Outer(
            items: [Inner(title: "a", done: false), Inner(title: "b", done: true)], lookup: ["x": 1, "y": 2],
            mode: .loading(progress: 10), note: "n")
        let actual = Outer(
            items: [Inner(title: "a", done: true), Inner(title: "c", done: true), Inner(title: "d", done: false)],
            lookup: ["x": 1, "z": 3], mode: .loading(progress: 20), note: nil)
        #expect(
            differences(expected: expected, actual: actual) == [
                "state.items.count: expected 2, got 3",
                "state.items[0].done: expected false, got true",
                "state.items[1].title: expected \"b\", got \"c\"",
                "state.lookup[\"y\"]: expected 2, got no entry",
                "state.lookup[\"z\"]: expected no entry, got 3",
                "state.mode(loading).progress: expected 10, got 20",
                "state.note: expected Optional(\"n\"), got nil",
            ])
    }

    @Test func equalValuesHaveNoDifferences() {
        let value = Outer(items: [Inner(title: "a", done: false)], lookup: [:], mode: .idle, note: nil)
        #expect(differences(expected: value, actual: value).isEmpty)
    }
}
