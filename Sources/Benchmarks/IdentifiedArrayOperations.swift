import ReduxKitLinux

/// Workload 20, each operation of an `IdentifiedArray` at 100,000 rows (issue
/// 40): timed against the plain approach it stands for, an array of the rows
/// and a dictionary of their positions by id, kept right by hand after each
/// change (what the identified array did before issue 40).
enum IdentifiedArrayOperations {
    typealias Line = ListWorkloads.Line

    /// The floor: an array of the rows and a `[ID: Int]` of their positions.
    struct Plain {
        var elements: [Line] = []
        var positions: [Int: Int] = [:]

        init(_ rows: [Line]) {
            elements = rows
            positions.reserveCapacity(rows.count)
            for (position, row) in rows.enumerated() { positions[row.id] = position }
        }

        mutating func renumber(from start: Int) {
            for position in start..<elements.count { positions[elements[position].id] = position }
        }
    }

    /// The operations timed.
    enum Operation: CaseIterable {
        case append, insertAtFront, readByID, modifyByID, subscriptInPlace, removeByID, removeAtFront, sort, ids
    }

    /// The rows: ids 0 ..< size, with a count that sorts them in another order.
    static func rows(_ size: Int) -> [Line] {
        (0..<size).map { Line(id: $0, count: ($0 &* 7_919) % 1_009) }
    }

    /// The `step`th id of a walk that visits every id of `0 ..< size` once, out of order.
    static func scattered(_ step: Int, _ size: Int) -> Int {
        (step &* 7_919) % size
    }

    static func row(_ operation: Operation, size: Int, runs: Int) -> Row {
        let all = rows(size)
        let small = max(1, min(1_000, size / 10))
        let identified = { Holder(IdentifiedArrayOf<Line>(uniqueElements: all)) }
        let plain = { Holder(Plain(all)) }
        let (name, store, floor): (String, Timing, Timing)
        switch operation {
        case .append:
            name = "\(size.formatted) appends into an empty one"
            store = Timing.of(runs: runs, setup: { Holder(IdentifiedArrayOf<Line>()) }) { holder in
                for line in all { holder.value.append(line) }
                return holder.value.count
            }
            floor = Timing.of(runs: runs, setup: { Holder(Plain([])) }) { holder in
                for line in all where holder.value.positions[line.id] == nil {
                    holder.value.positions[line.id] = holder.value.elements.count
                    holder.value.elements.append(line)
                }
                return holder.value.elements.count
            }
        case .insertAtFront:
            name = "\(small.formatted) inserts at 0 into \(size.formatted)"
            store = Timing.of(runs: runs, setup: identified) { holder in
                for id in size..<(size + small) { holder.value.insert(Line(id: id), at: 0) }
                return holder.value.count &+ holder.value.index(id: 0)!
            }
            floor = Timing.of(runs: 1, warmups: 0, setup: plain) { holder in
                for id in size..<(size + small) where holder.value.positions[id] == nil {
                    holder.value.elements.insert(Line(id: id), at: 0)
                    holder.value.renumber(from: 0)
                }
                return holder.value.elements.count &+ holder.value.positions[0]!
            }
        case .readByID:
            name = "\(size.formatted) reads by id, scattered, of \(size.formatted)"
            store = Timing.of(runs: runs, setup: identified) { holder in
                var total = 0
                for step in 0..<size { total &+= holder.value[id: scattered(step, size)]!.count }
                return total
            }
            floor = Timing.of(runs: runs, setup: plain) { holder in
                var total = 0
                for step in 0..<size {
                    total &+= holder.value.elements[holder.value.positions[scattered(step, size)]!].count
                }
                return total
            }
        case .modifyByID, .subscriptInPlace:
            let viaSubscript = operation == .subscriptInPlace
            name =
                "\(size.formatted) changes by id, scattered, of \(size.formatted), "
                + (viaSubscript ? "`self[id: x]?.count += 1`" : "`modify(id:)`")
            store = Timing.of(runs: runs, setup: identified) { holder in
                for step in 0..<size {
                    if viaSubscript {
                        holder.value[id: scattered(step, size)]?.count &+= 1
                    } else {
                        holder.value.modify(id: scattered(step, size)) { $0.count &+= 1 }
                    }
                }
                return holder.value[id: size / 2]!.count
            }
            floor = Timing.of(runs: runs, setup: plain) { holder in
                for step in 0..<size {
                    if let position = holder.value.positions[scattered(step, size)] {
                        holder.value.elements[position].count &+= 1
                    }
                }
                return holder.value.elements[holder.value.positions[size / 2]!].count
            }
        case .removeByID:
            name = "\(small.formatted) removes by id, scattered, from \(size.formatted)"
            store = Timing.of(runs: runs, setup: identified) { holder in
                for step in 0..<small { holder.value.remove(id: scattered(step, size)) }
                return holder.value.count &+ holder.value.index(id: size - 1)!
            }
            floor = Timing.of(runs: 1, warmups: 0, setup: plain) { holder in
                for step in 0..<small {
                    guard let position = holder.value.positions.removeValue(forKey: scattered(step, size)) else {
                        continue
                    }
                    holder.value.elements.remove(at: position)
                    holder.value.renumber(from: position)
                }
                return holder.value.elements.count &+ holder.value.positions[size - 1]!
            }
        case .removeAtFront:
            name = "\(small.formatted) removes at 0 from \(size.formatted)"
            store = Timing.of(runs: runs, setup: identified) { holder in
                for _ in 0..<small { holder.value.remove(at: 0) }
                return holder.value.count &+ holder.value.index(id: size - 1)!
            }
            floor = Timing.of(runs: 1, warmups: 0, setup: plain) { holder in
                for _ in 0..<small {
                    let removed = holder.value.elements.remove(at: 0)
                    holder.value.positions[removed.id] = nil
                    holder.value.renumber(from: 0)
                }
                return holder.value.elements.count &+ holder.value.positions[size - 1]!
            }
        case .sort:
            name = "a stable sort of \(size.formatted) by a field"
            store = Timing.of(runs: runs, setup: identified) { holder in
                holder.value.sort { $0.count < $1.count }
                return holder.value[0].id &+ holder.value.index(id: 0)!
            }
            floor = Timing.of(runs: runs, setup: plain) { holder in
                let sorted = holder.value.elements.enumerated().sorted {
                    ($0.element.count, $0.offset) < ($1.element.count, $1.offset)
                }
                holder.value.elements = sorted.map(\.element)
                holder.value.renumber(from: 0)
                return holder.value.elements[0].id &+ holder.value.positions[0]!
            }
        case .ids:
            name = "\(small.formatted) reads of `ids` (its count and middle id) of \(size.formatted)"
            store = Timing.of(runs: runs, setup: identified) { holder in
                var total = 0
                for _ in 0..<small {
                    let ids = holder.value.ids
                    total &+= ids.count &+ ids[ids.count / 2]
                }
                return total
            }
            floor = Timing.of(runs: runs, setup: plain) { holder in
                var total = 0
                for _ in 0..<small {
                    let ids = holder.value.elements.map(\.id)
                    total &+= ids.count &+ ids[ids.count / 2]
                }
                return total
            }
        }
        return Row(
            workload: "20 IdentifiedArray: \(name)", store: store, floor: floor,
            note: "floor: [Element] + [ID: Int] kept by hand (renumbering after the change)")
    }
}
