import Testing

@testable import ReduxKitLinuxDevtools

/// The operations `JSONPatch.difference(from:to:)` gives in the cases a
/// state's changes usually are: one each, whatever the size of the arrays.
@Suite("JSON Patch differences")
struct JSONPatchDifferenceTests {
    /// An array of `count` small objects, `{"id":i,"done":false,"title":"item i"}`.
    static func items(_ count: Int) -> [JSONValue] {
        (0..<count).map(Self.item)
    }

    /// The small object of `items(_:)` with id `id`.
    static func item(_ id: Int) -> JSONValue {
        .object(["id": .integer(Int64(id)), "done": .bool(false), "title": .string("item \(id)")])
    }

    /// A state holding `items` and a counter.
    static func state(_ items: [JSONValue], count: Int64 = 0) -> JSONValue {
        .object(["items": .array(items), "count": .integer(count)])
    }

    /// Checks that `operations` is the difference from `old` to `new`, and that it applies.
    static func expectDifference(
        from old: JSONValue, to new: JSONValue, is operations: [JSONPatchOperation],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let difference = JSONPatch.difference(from: old, to: new)
        #expect(difference == operations, sourceLocation: sourceLocation)
        #expect(try JSONPatch.apply(difference, to: old) == new, sourceLocation: sourceLocation)
    }

    @Test func equalValuesHaveNoDifference() throws {
        let state = Self.state(Self.items(1_000))
        try Self.expectDifference(from: state, to: state, is: [])
        try Self.expectDifference(from: .null, to: .null, is: [])
    }

    @Test func aValueOfAnotherKindIsReplaced() throws {
        try Self.expectDifference(from: .integer(1), to: .double(1.5), is: [.replace("", .double(1.5))])
        try Self.expectDifference(from: .array([]), to: .object([:]), is: [.replace("", .object([:]))])
        try Self.expectDifference(
            from: .object(["a": .string("x")]), to: .object(["a": .array([])]), is: [.replace("/a", .array([]))])
        try Self.expectDifference(from: .bool(true), to: .bool(false), is: [.replace("", .bool(false))])
    }

    @Test func membersAreRemovedComparedAndAdded() throws {
        let old: JSONValue = .object(["a": .integer(1), "b": .integer(2), "c": .object(["d": .null])])
        let new: JSONValue = .object(["b": .integer(2), "c": .object(["d": .bool(true)]), "e": .string("new")])
        try Self.expectDifference(
            from: old, to: new, is: [.remove("/a"), .replace("/c/d", .bool(true)), .add("/e", .string("new"))])
    }

    @Test func oneFieldOfOneElementOfALargeArrayIsOneReplace() throws {
        let items = Self.items(100_000)
        var changed = items
        changed[61_234] = .object(["id": .integer(61_234), "done": .bool(true), "title": .string("item 61234")])
        try Self.expectDifference(
            from: Self.state(items), to: Self.state(changed), is: [.replace("/items/61234/done", .bool(true))])
    }

    @Test func anAppendedElementIsOneAdd() throws {
        let items = Self.items(100_000)
        try Self.expectDifference(
            from: Self.state(items), to: Self.state(items + [Self.item(100_000)], count: 1),
            is: [.replace("/count", .integer(1)), .add("/items/100000", Self.item(100_000))])
    }

    @Test func anElementInsertedAtTheFrontIsOneAddAtZero() throws {
        let items = Self.items(100_000)
        try Self.expectDifference(
            from: .array(items), to: .array([Self.item(-1)] + items), is: [.add("/0", Self.item(-1))])
    }

    @Test func anElementRemovedInTheMiddleIsOneRemove() throws {
        let items = Self.items(100_000)
        var removed = items
        removed.remove(at: 50_000)
        try Self.expectDifference(from: .array(items), to: .array(removed), is: [.remove("/50000")])
    }

    @Test func aRepeatedElementRemovedIsOneRemove() throws {
        let x = JSONValue.string("x")
        try Self.expectDifference(from: .array([x, x, x]), to: .array([x, x]), is: [.remove("/2")])
        try Self.expectDifference(from: .array([x]), to: .array([x, x, x]), is: [.add("/1", x), .add("/2", x)])
    }

    @Test func theMiddleIsComparedPairwiseThenTheRestRemovedLastFirstOrAddedFirstFirst() throws {
        let old: JSONValue = .array([.integer(0), .integer(1), .integer(2), .integer(3), .integer(9)])
        let shorter: JSONValue = .array([.integer(0), .string("a"), .integer(9)])
        try Self.expectDifference(
            from: old, to: shorter, is: [.replace("/1", .string("a")), .remove("/3"), .remove("/2")])
        let longer: JSONValue = .array([
            .integer(0), .string("a"), .string("b"), .string("c"), .string("d"), .integer(9),
        ])
        try Self.expectDifference(
            from: shorter, to: longer,
            is: [.add("/2", .string("b")), .add("/3", .string("c")), .add("/4", .string("d"))])
    }

    @Test func keysWithSlashesAndTildesAreEscaped() throws {
        let old: JSONValue = .object(["a/b": .integer(1), "m~n": .object(["~/": .integer(2)]), "": .integer(3)])
        let new: JSONValue = .object(["a/b": .integer(4), "m~n": .object(["~/": .integer(5)]), "~01": .null])
        try Self.expectDifference(
            from: old, to: new,
            is: [
                .remove("/"), .replace("/a~1b", .integer(4)), .replace("/m~0n/~0~1", .integer(5)), .add("/~001", .null),
            ])
    }
}
