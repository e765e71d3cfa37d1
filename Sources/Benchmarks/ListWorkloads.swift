import Foundation
import ReduxKitLinux

/// Workload 20: lists of thousands (issue 33). An action for one row through
/// `forEach` over an `IdentifiedArray` at growing sizes (and the array scan
/// it replaces), an entity adapter's `upsertMany`, a sorted adapter's insert
/// against a re-sort, and a memoized selector's check.
enum ListWorkloads {
    struct Line: Identifiable, Equatable {
        let id: Int
        var count = 0
    }

    struct Lines {
        var identified = IdentifiedArrayOf<Line>()
        var array: [Line] = []
    }

    struct Bump: Action {}

    static func bump(_ row: inout Line, _ action: any Action) {
        if action is Bump { row.count &+= 1 }
    }

    /// How the store's reducer finds the row.
    enum RowReducer {
        /// `forEach` over an `IdentifiedArray`.
        case forEachIdentified
        /// `forEach` over an array: today's scan.
        case forEachArray
        /// A reducer written by hand: the `ElementAction` cast and the id subscript.
        case handWritten
    }

    static func handWritten(_ lines: inout Lines, _ action: any Action) {
        guard let element = action as? ElementAction<Int> else { return }
        lines.identified.modify(id: element.id) { bump(&$0, element.action) }
    }

    /// `actions` actions for the last row, through a store whose reducer finds
    /// it among `size` rows; the floor is the same change written by hand
    /// through the identified array's id subscript, with no store.
    static func forEachRow(size: Int, actions: Int, runs: Int, reducer: RowReducer) -> Row {
        let rows = (0..<size).map { Line(id: $0) }
        let target = size - 1
        let store = Timing.of(
            runs: runs,
            setup: {
                switch reducer {
                case .forEachArray: createStore(forEach(bump, state: \Lines.array), Lines(array: rows))
                case .forEachIdentified:
                    createStore(
                        forEach(bump, state: \Lines.identified),
                        Lines(identified: IdentifiedArray(uniqueElements: rows)))
                case .handWritten:
                    createStore(handWritten, Lines(identified: IdentifiedArray(uniqueElements: rows)))
                }
            }
        ) { store in
            for _ in 0..<actions { store.dispatch(ElementAction(id: target, action: Bump())) }
            return reducer == .forEachArray
                ? store.state.array[target].count : store.state.identified[id: target]!.count
        }
        let floor = Timing.of(runs: runs, setup: { Holder(IdentifiedArrayOf<Line>(uniqueElements: rows)) }) { holder in
            let bump = opaque(bump as InPlaceReducer<Line>)
            for _ in 0..<actions { holder.value.modify(id: target) { bump(&$0, Bump()) } }
            return holder.value[id: target]!.count
        }
        let (kind, note) =
            switch reducer {
            case .forEachIdentified:
                ("forEach over an IdentifiedArray", "target: flat in size, ≤ 2x the hand-written change")
            case .forEachArray: ("forEach over an array (today's scan)", "the scan it replaces")
            case .handWritten:
                (
                    "a hand-written reducer in a store (ElementAction cast, id subscript)",
                    "what the dispatch itself costs"
                )
            }
        return Row(
            workload: "20 \(actions.formatted) actions for one row, \(kind) of \(size.formatted)",
            store: store, floor: floor, note: note)
    }

    struct Book: Equatable {
        let id: Int
        var title: String
    }

    static let books = EntityAdapter<Int, Book>(selectId: { $0.id })

    /// `upsertMany` of `count` books into a state of `count` (half of them
    /// already there); the floor updates a dictionary and appends new ids by hand.
    static func upsertMany(_ count: Int, runs: Int) -> Row {
        let existing = (0..<count).map { Book(id: $0 * 2, title: "old") }
        let incoming = (0..<count).map { Book(id: $0 + count, title: "new") }
        let store = Timing.of(
            runs: runs,
            setup: { () -> Holder<EntityState<Int, Book>> in
                var state = EntityState<Int, Book>()
                books.addMany(existing, to: &state)
                return Holder(state)
            }
        ) { holder in
            books.upsertMany(incoming, in: &holder.value)
            return holder.value.count
        }
        let floor = Timing.of(
            runs: runs,
            setup: {
                Holder(
                    (ids: existing.map(\.id), entities: Dictionary(uniqueKeysWithValues: existing.map { ($0.id, $0) })))
            }
        ) { holder in
            for book in incoming where holder.value.entities.updateValue(book, forKey: book.id) == nil {
                holder.value.ids.append(book.id)
            }
            return holder.value.ids.count
        }
        return Row(
            workload: "20 upsertMany of \(count.formatted) entities into \(count.formatted) (half new)", store: store,
            floor: floor, note: "floor: a dictionary updated and new ids appended by hand; target ≤ 3x")
    }

    /// Inserting one entity into a sorted adapter's `size` entities, against
    /// re-sorting every id (what Redux Toolkit's sorted adapter does).
    static func sortedInsert(size: Int, runs: Int) -> Row {
        let sorted = EntityAdapter<Int, Book>(selectId: { $0.id }, sortComparer: { $0.title < $1.title })
        let all = (0..<size).map { Book(id: $0, title: String(format: "%08d", $0 * 2)) }
        let state = { () -> Holder<EntityState<Int, Book>> in
            var state = EntityState<Int, Book>()
            sorted.addMany(all, to: &state)
            return Holder(state)
        }
        let insert = Timing.of(runs: runs, setup: state) { holder in
            sorted.addOne(Book(id: -1, title: String(format: "%08d", size + 1)), to: &holder.value)
            return holder.value.count
        }
        let resort = Timing.of(runs: runs, setup: state) { holder in
            var ids = holder.value.ids
            ids.append(-1)
            let entities = holder.value.entities
            let new = Book(id: -1, title: String(format: "%08d", size + 1))
            ids.sort { ($0 == -1 ? new : entities[$0]!).title < ($1 == -1 ? new : entities[$1]!).title }
            return ids.count
        }
        return Row(
            workload: "20 a sorted adapter: one entity inserted into \(size.formatted) (floor: the same ids re-sorted)",
            store: insert, floor: resort, note: "a binary search and one move, against Redux Toolkit's re-sort")
    }

    struct App {
        var todos: [String] = (0..<100).map { "todo \($0)" }
        var filter = "all"
        var unrelated = 0
    }

    /// A memoized selector called after each of `count` changes that do not
    /// touch its inputs; the floor compares the same inputs by hand.
    static func memoizedSelector(_ count: Int, runs: Int) -> Row {
        let store = Timing.of(
            runs: runs,
            setup: {
                (
                    Holder(App()),
                    createSelector({ (app: App) in app.todos }, { $0.filter }, inputStabilityCheck: .never) {
                        todos, filter in filter == "all" ? todos.count : 0
                    }
                )
            }
        ) { app, select in
            var total = 0
            for _ in 0..<count {
                app.value.unrelated &+= 1
                total &+= select(app.value)
            }
            return total &+ (select.recomputations == 1 ? 0 : 1_000_000_000)
        }
        let floor = Timing.of(
            runs: runs,
            setup: { (Holder(App()), opaque({ (app: App) in app.todos }), opaque({ (app: App) in app.filter })) }
        ) { app, todos, filter in
            var total = 0
            var last = (todos(app.value), filter(app.value))
            var result = last.1 == "all" ? last.0.count : 0
            for _ in 0..<count {
                app.value.unrelated &+= 1
                let now = (todos(app.value), filter(app.value))
                if now.0 != last.0 || now.1 != last.1 {
                    last = now
                    result = now.1 == "all" ? now.0.count : 0
                }
                total &+= result
            }
            return total
        }
        return Row(
            workload: "20 a memoized selector checked after \(count.formatted) changes that leave its inputs",
            store: store, floor: floor,
            note: "0 recomputations (else the checksum differs); target ≤ 2x the inputs compared by hand")
    }

    /// How much the resident set grew while `make` built what it returns
    /// (large buffers are mapped pages of their own, so the growth is theirs).
    static func heapBytes<Value>(of make: () -> Value) -> (Int, Value) {
        let before = PersistenceWorkloads.residentBytes()
        let value = make()
        return (PersistenceWorkloads.residentBytes() - before, value)
    }

    /// `Benchmarks --list-memory N`: the memory an `IdentifiedArray` of N rows
    /// takes (its own copy of the rows and its table), against an array of the
    /// rows and a dictionary of their positions. With `--alone`, only the
    /// identified array is built, so the process's peak is the rows, it and
    /// the runtime (the shape issue 40 measured Point-Free's at: 53 MB).
    static func memory(_ count: Int, alone: Bool) {
        let rows = (0..<count).map { Line(id: $0) }
        // A copy of the rows: an array passed in as it is would share its buffer.
        let (identified, kept1) = heapBytes { IdentifiedArrayOf<Line>(uniqueElements: rows.map { $0 }) }
        guard !alone else {
            blackHole(kept1)
            print("\(count) rows of \(MemoryLayout<Line>.size) bytes: IdentifiedArray \(identified) bytes")
            return
        }
        let (byHand, kept2) = heapBytes { () -> ([Line], [Int: Int]) in
            var positions: [Int: Int] = [:]
            for (position, row) in rows.enumerated() { positions[row.id] = position }
            return (rows.map { $0 }, positions)
        }
        blackHole((kept1, kept2))
        let ratio = Double(identified) / Double(byHand)
        print(
            "\(count) rows of \(MemoryLayout<Line>.size) bytes: IdentifiedArray \(identified) bytes, "
                + "[Element] + [ID: Int] \(byHand) bytes, " + String(format: "%.2fx", ratio))
    }
}
