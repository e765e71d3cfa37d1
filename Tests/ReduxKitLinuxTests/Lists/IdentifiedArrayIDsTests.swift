import Testing

@testable import ReduxKitLinux

/// The ids of an ``IdentifiedArray``: a view made in O(1) that reads as a
/// collection of the ids in order, finds one by the table, and compares with
/// an array of them.
@Suite("IdentifiedArray's ids")
struct IdentifiedArrayIDsTests {
    struct Row: Identifiable, Equatable {
        let id: Int
        var title = ""
    }

    @Test func theIDsReadInOrderAndCompareWithAnArray() {
        let rows = IdentifiedArrayOf<Row>(uniqueElements: [Row(id: 3), Row(id: 1), Row(id: 2)])
        let ids = rows.ids
        #expect(ids == [3, 1, 2] && [3, 1, 2] == ids && ids != [1, 2, 3])
        #expect(Array(ids) == [3, 1, 2] && ids.count == 3 && ids[1] == 1 && ids.last == 2)
        #expect(ids.description == "[3, 1, 2]")
        #expect(ids == IdentifiedArrayOf<Row>(uniqueElements: [Row(id: 3, title: "x"), Row(id: 1), Row(id: 2)]).ids)
        #expect(Set([ids, rows.filter { _ in true }.ids]).count == 1)
        #expect(ids.map { $0 * 10 } == [30, 10, 20])
    }

    @Test func theIDsFindAnIDByTheTable() {
        // Past the threshold, so the table answers (not a scan).
        let rows = IdentifiedArrayOf<Row>(uniqueElements: (0..<1_000).map { Row(id: $0 * 2) })
        #expect(rows.table.isHashed)
        #expect(rows.ids.contains(998) && !rows.ids.contains(999))
        #expect(rows.ids.firstIndex(of: 998) == 499 && rows.ids.firstIndex(of: 7) == nil)
    }

    @Test func theIDsAreAValueTheCollectionsChangesLeaveAlone() {
        var rows = IdentifiedArrayOf<Row>(uniqueElements: [Row(id: 1), Row(id: 2)])
        let before = rows.ids
        rows.insert(Row(id: 0), at: 0)
        rows.remove(id: 2)
        #expect(before == [1, 2] && rows.ids == [0, 1])
    }
}
