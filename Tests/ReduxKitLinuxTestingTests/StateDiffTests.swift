import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@Suite("State differences", .hangSafetyNet)
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

    struct Hits: Equatable {
        var hits: [Int]
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
                "state.items: expected [Inner(title: \"a\", done: false), Inner(title: \"b\", done: true)] (2 elements), "
                    + "got [Inner(title: \"a\", done: true), Inner(title: \"c\", done: true), "
                    + "Inner(title: \"d\", done: false)] (3 elements)",
                "state.items[0].done: expected false, got true",
                "state.items[1].title: expected \"b\", got \"c\"",
                "state.lookup[\"y\"]: expected 2, got no entry",
                "state.lookup[\"z\"]: expected no entry, got 3",
                "state.mode(loading).progress: expected 10, got 20",
                "state.note: expected Optional(\"n\"), got nil",
            ])
    }

    /// Issue 20, item 16: a count alone did not say which elements.
    @Test func listsOfDifferentSizesShowTheirElements() {
        #expect(
            differences(expected: Hits(hits: [1]), actual: Hits(hits: [1, 2])) == [
                "state.hits: expected [1] (1 element), got [1, 2] (2 elements)"
            ])
        #expect(
            differences(expected: ["a", "b"], actual: ["x"]) == [
                "state: expected [\"a\", \"b\"] (2 elements), got [\"x\"] (1 element)",
                "state[0]: expected \"a\", got \"x\"",
            ])
        #expect(
            differences(expected: Set([3]), actual: Set<Int>()) == [
                "state: expected Set([3]) (1 element), got Set([]) (0 elements)"
            ])
    }

    /// A long list is shown up to 200 characters; the extra elements it could
    /// not show follow one a line, 20 at most, the rest counted.
    @Test func longListsAreCutShortAndTheirExtraElementsListed() {
        let lines = differences(expected: Hits(hits: Array(0..<3)), actual: Hits(hits: Array(0..<100)))
        let shown = (0..<53).map(String.init).joined(separator: ", ")
        #expect(lines.first == "state.hits: expected [0, 1, 2] (3 elements), got [\(shown), …] (100 elements)")
        #expect(lines.first.map { $0.count < 300 } == true)
        #expect(lines.dropFirst().first == "state.hits[3]: expected no element, got 3")
        #expect(lines.dropLast().last == "state.hits[22]: expected no element, got 22")
        #expect(lines.last == "state.hits[23...]: 77 more unexpected elements")
        #expect(lines.count == 22)
        let missing = differences(
            expected: Array(repeating: String(repeating: "x", count: 300), count: 2), actual: [String]())
        #expect(missing.first?.hasPrefix("state: expected [\"xxx") == true)
        #expect(missing.first?.hasSuffix("x…, …] (2 elements), got [] (0 elements)") == true)
        #expect(missing.dropFirst().first?.hasPrefix("state[0]: expected \"xxx") == true)
        #expect(missing.last?.hasSuffix("x…, got no element") == true)
    }

    @Test func atMostTwentyDifferingElementsAreListed() {
        let lines = differences(expected: Hits(hits: Array(0..<30)), actual: Hits(hits: Array(1...30)))
        #expect(lines.count == 21)
        #expect(lines.first == "state.hits[0]: expected 0, got 1")
        #expect(lines.last == "state.hits: 10 more differing elements")
    }

    @Test func equalValuesHaveNoDifferences() {
        let value = Outer(items: [Inner(title: "a", done: false)], lookup: [:], mode: .idle, note: nil)
        #expect(differences(expected: value, actual: value).isEmpty)
    }
}
