import Testing

@testable import ReduxKitLinuxEffects

/// The runs of one cancellation ID, found without the others and given in
/// the order they started.
@Suite("Numbered groups")
struct NumberedGroupsTests {
    @Test func aGroupGivesItsValuesInTheOrderOfTheirNumbersAndNoOthers() {
        var groups = NumberedGroups<String, String>()
        for (number, value) in [(5, "e"), (1, "a"), (3, "c"), (2, "b"), (4, "d")] {
            groups.insert(value, number: UInt64(number), in: number.isMultiple(of: 2) ? "even" : "odd")
        }
        #expect(groups.inOrder("odd") == ["a", "c", "e"])
        #expect(groups.inOrder("even") == ["b", "d"])
        #expect(groups.inOrder("none").isEmpty)
    }

    @Test func removingTheLastValueOfAGroupEmptiesIt() {
        var groups = NumberedGroups<String, String>()
        groups.insert("a", number: 1, in: "g")
        groups.insert("b", number: 2, in: "g")
        groups.remove(number: 1, from: "g")
        #expect(groups.inOrder("g") == ["b"])
        #expect(!groups.isEmpty("g"))
        groups.remove(number: 2, from: "g")
        groups.remove(number: 9, from: "absent")
        #expect(groups.isEmpty("g"))
        #expect(groups.inOrder("g").isEmpty)
    }
}
