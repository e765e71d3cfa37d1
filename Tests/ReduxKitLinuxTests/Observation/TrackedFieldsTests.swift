import Observation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// The search for changed fields: a field is reported exactly when its value
/// changed, whether it lies inline in the state (found by its bytes, in
/// chunks, nested fields overlapping) or elsewhere (compared every time), but
/// for a path through an array's index subscript, reported on every change.
@MainActor
@Suite("Observable store: finding the changed fields", .hangSafetyNet)
struct TrackedFieldsTests {
    struct Cell: Hashable {
        var number = 0
        // No padding: padding bytes need not be copied, so a padded struct's
        // bytes may differ while its value does not; it is then compared with
        // `==`, which is right, but would hide a field the search missed.
        var text = ""
    }

    struct Row: Hashable {
        var first = Cell()
        var second = Cell()
        var third = Cell()
    }

    /// Larger than several chunks, with fields nested three deep and a list.
    struct Grid: Hashable {
        var top = Row()
        var middle = Row()
        var bottom = Row()
        var list = [Cell(), Cell(), Cell()]
        var total = 0
    }

    /// Sets the number of field `field` of ``numberPaths``.
    struct SetNumber: Action {
        let field: Int
        let value: Int
    }

    /// Sets the text of field `field` of ``textPaths``.
    struct SetText: Action {
        let field: Int
        let value: String
    }

    /// Adds a cell to the list (the readers read the first three).
    struct AppendCell: Action {}

    static func reducer(_ state: inout Grid, _ action: any Action) {
        if action is AppendCell { state.list.append(Cell()) }
        if let action = action as? SetNumber { state[keyPath: numberPaths[action.field]] = action.value }
        if let action = action as? SetText { state[keyPath: textPaths[action.field]] = action.value }
    }

    /// A deterministic generator (SplitMix64), so a failure can be replayed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static var rows: [WritableKeyPath<Grid, Row>] { [\.top, \.middle, \.bottom] }
    static var cells: [WritableKeyPath<Row, Cell>] { [\.first, \.second, \.third] }
    static var cellPaths: [WritableKeyPath<Grid, Cell>] {
        let inline: [WritableKeyPath<Grid, Cell>] = rows.flatMap { row in cells.map { row.appending(path: $0) } }
        let listed: [WritableKeyPath<Grid, Cell>] = (0..<3).map { \Grid.list[$0] }
        return inline + listed
    }
    static var numberPaths: [WritableKeyPath<Grid, Int>] { cellPaths.map { $0.appending(path: \.number) } + [\.total] }
    static var textPaths: [WritableKeyPath<Grid, String>] { cellPaths.map { $0.appending(path: \.text) } }

    @Test func exactlyTheReadersOfChangedValuesAreTold() {
        let model = ObservableStore(createStore(Self.reducer, Grid()))
        // Readers of every level: the whole grid, rows, cells, leaves, the list and its count.
        // A reader of a path through the list's index subscript is told of
        // every new state whose bytes differ (the path is never applied to a
        // new state, which could make it trap); the others, when their value changes.
        var readers: [(TrackedReader<AnyHashable>, (Grid) -> AnyHashable, coarse: Bool)] = []
        func reader<Value: Hashable>(_ keyPath: KeyPath<Grid, Value>) {
            readers.append(
                (
                    TrackedReader { AnyHashable(model[keyPath]) }, { AnyHashable($0[keyPath: keyPath]) },
                    !KeyPathSafety.cannotTrap(keyPath)
                ))
        }
        func element<Value: Hashable>(_ index: Int, _ member: KeyPath<Cell, Value>) {
            readers.append(
                (
                    TrackedReader { AnyHashable(model[\.list, index, member]) },
                    { AnyHashable($0.list[index][keyPath: member]) }, false
                ))
        }
        for index in 0..<3 {
            element(index, \.self)
            element(index, \.number)
            element(index, \.text)
        }
        reader(\.self)
        reader(\.total)
        reader(\.list.count)
        for row in Self.rows { reader(row) }
        for cell in Self.cellPaths {
            reader(cell)
            reader(cell.appending(path: \.number))
            reader(cell.appending(path: \.text))
        }
        let numbers = Self.numberPaths.count
        let texts = Self.textPaths.count
        var random = SplitMix(state: 15)
        var told = Array(repeating: 0, count: readers.count)
        for _ in 0..<2_000 {
            let before = model.state
            if Int.random(in: 0..<20, using: &random) == 0 {
                model.dispatch(AppendCell())
            } else if Bool.random(using: &random) {
                let field = Int.random(in: 0..<numbers, using: &random)
                model.dispatch(SetNumber(field: field, value: Int.random(in: 0..<3, using: &random)))
            } else {
                // Long texts live on the heap, short ones inline: both kinds of change.
                let text = ["", "a", String(repeating: "long text ", count: 4)].randomElement(using: &random)!
                model.dispatch(SetText(field: Int.random(in: 0..<texts, using: &random), value: text))
            }
            let after = model.state
            let bytesDiffer = withUnsafeBytes(of: before) { old in withUnsafeBytes(of: after) { !old.elementsEqual($0) }
            }
            for (index, (reader, value, coarse)) in readers.enumerated()
            where coarse ? bytesDiffer : value(before) != value(after) {
                told[index] += 1
                reader.track()
            }
            #expect(readers.map(\.0.count) == told)
        }
        #expect(told.reduce(0, +) > 1_000)
    }
}
