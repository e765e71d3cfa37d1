import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// The hash table behind an ``IdentifiedArray``: long random programs of
/// inserts and removes at every place (the front and the back most of all, where
/// the bias moves), id changes and swaps, checked after each step against a
/// plain array; and again with ids that hash to three values only, so every
/// probe, deletion and renumbering walks long runs of buckets.
@Suite("IdentifiedArray's table")
struct IdentifiedArrayTableTests {
    struct Row<ID: Hashable>: Identifiable, Equatable {
        var id: ID
        var value: Int
    }

    /// An id that hashes to one of three values: every id collides.
    struct Colliding: Hashable {
        let value: Int

        static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
        func hash(into hasher: inout Hasher) { hasher.combine(value % 3) }
    }

    /// Checks `identified` against `plain`: the same elements in order, each
    /// found at its position, ids not there not found, and a table (when
    /// there is one) holding exactly one bucket per element.
    static func check<ID: Hashable>(
        _ identified: IdentifiedArrayOf<Row<ID>>, _ plain: [Row<ID>], absent: [ID], step: Int
    ) {
        #expect(Array(identified) == plain, "step \(step)")
        for (position, row) in plain.enumerated() where identified.index(id: row.id) != position {
            Issue.record(
                "step \(step): \(row.id) at \(String(describing: identified.index(id: row.id))), not \(position)")
        }
        for id in absent where !plain.contains(where: { $0.id == id }) && identified.contains(id: id) {
            Issue.record("step \(step): \(id) found but not there")
        }
        let table = identified.table
        if table.isHashed {
            #expect(table.buckets.count { $0 != 0 } == plain.count, "step \(step)")
            #expect(plain.count <= table.capacity, "step \(step)")
        } else {
            #expect(plain.count <= IdentifiedArrayTable.maximumUnhashedCount, "step \(step)")
        }
    }

    /// A random program of `steps` steps over ids made by `makeID` from
    /// 0 ..< `idRange`: it grows the collection past the table's threshold
    /// and several growths, and shrinks it back, in waves.
    static func randomProgram<ID: Hashable>(
        seed: UInt64, steps: Int, idRange: Int, _ makeID: (Int) -> ID
    ) {
        var random = SplitMix64(seed: seed)
        var identified = IdentifiedArrayOf<Row<ID>>()
        var plain: [Row<ID>] = []
        var sizes: [Int] = []
        func draw(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        for step in 0..<steps {
            // Waves: 300 steps that mostly add, then 300 that mostly remove.
            let growing = (step / 300) % 2 == 0
            let id = makeID(draw(idRange))
            let row = Row(id: id, value: draw(1_000))
            let isNew = !plain.contains { $0.id == id }
            if !growing && !plain.isEmpty && draw(3) != 0 {  // at the front, the back or anywhere
                let at = [0, plain.count - 1, draw(plain.count)][draw(3)]
                #expect(identified.remove(at: at) == plain.remove(at: at))
                check(identified, plain, absent: [id], step: step)
                sizes.append(plain.count)
                continue
            }
            switch draw(10) {
            case 0, 1, 2:  // at the front, the back or anywhere
                let at = [0, plain.count, draw(plain.count + 1)][draw(3)]
                identified.insert(row, at: at)
                if isNew { plain.insert(row, at: at) }
            case 3, 4:
                identified.append(row)
                if isNew { plain.append(row) }
            case 5:
                let at = draw(plain.count + 1)
                identified.updateOrInsert(row, at: at)
                if let old = plain.firstIndex(where: { $0.id == id }) {
                    plain[old] = row
                } else {
                    plain.insert(row, at: at)
                }
            case 6 where !plain.isEmpty:  // a new id, in place
                let at = draw(plain.count)
                if isNew {
                    identified[at].id = id
                    plain[at].id = id
                }
            case 7 where plain.count > 1:
                let (i, j) = (draw(plain.count), draw(plain.count))
                identified.swapAt(i, j)
                plain.swapAt(i, j)
            case 8:
                identified[id: id]?.value += 1
                if let at = plain.firstIndex(where: { $0.id == id }) { plain[at].value += 1 }
            case 9:  // removed through the in-place subscript
                var none: Row<ID>?
                swap(&identified[id: id], &none)
                #expect(none?.id == (isNew ? nil : id))
                plain.removeAll { $0.id == id }
            default:
                #expect(identified.remove(id: id) == plain.firstIndex { $0.id == id }.map { plain.remove(at: $0) })
            }
            check(identified, plain, absent: [id, makeID(draw(idRange))], step: step)
            sizes.append(plain.count)
        }
        // It went past the table's threshold and several growths, and back.
        #expect(sizes.max()! > 100 && sizes.dropFirst(300).min()! < 10)
    }

    @Test func randomInsertsAndRemovesAtEveryPlaceAgreeWithAPlainArray() {
        Self.randomProgram(seed: 40, steps: 3_000, idRange: 500) { $0 }
    }

    @Test func collidingIDsAgreeWithAPlainArray() {
        Self.randomProgram(seed: 41, steps: 1_500, idRange: 300) { Colliding(value: $0) }
    }

    @Test func insertingAndRemovingAtTheFrontMovesOnlyTheBias() {
        var identified = IdentifiedArrayOf<Row<Int>>(uniqueElements: (0..<100).map { Row(id: $0, value: $0) })
        let buckets = identified.table.buckets
        identified.insert(Row(id: -1, value: 0), at: 0)
        // One bucket more; every other is as it was (their offsets moved with the bias).
        #expect(zip(buckets, identified.table.buckets).count { $0 != $1 } == 1)
        identified.remove(at: 0)
        #expect(identified.table.buckets == buckets)
        #expect(identified.ids.elementsEqual(0..<100))
        // Round and round: the bias wraps past the bucket count.
        for round in 0..<600 {
            identified.insert(identified.remove(at: 99), at: 0)
            #expect(identified.index(id: (99 &- round % 100 + 100) % 100) == 0)
        }
        Self.check(identified, Array(identified), absent: [100, -1], step: 0)
    }

    @Test func buildingFromElementsAndEmptyingKeepTheTableRight() {
        var identified = IdentifiedArrayOf<Row<Int>>(uniqueElements: (0..<1_000).map { Row(id: $0 * 3, value: $0) })
        #expect(identified.table.isHashed)
        Self.check(identified, Array(identified), absent: [1, 2, 3_000], step: 0)
        identified.removeAll(where: { $0.id % 2 == 0 })
        Self.check(identified, Array(identified), absent: [0, 6, 2], step: 1)
        identified.removeAll(keepingCapacity: true)
        #expect(identified.table.isHashed && identified.isEmpty && identified[id: 3] == nil)
        identified.append(Row(id: 7, value: 0))
        Self.check(identified, [Row(id: 7, value: 0)], absent: [3], step: 2)
        identified.removeAll()
        #expect(!identified.table.isHashed)
    }
}
