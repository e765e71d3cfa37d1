import Observation
import ReduxKitLinux

/// Workload 14: an ``ObservableStore`` with many fields, each tracked by its
/// readers through `withObservationTracking`, one field changed per dispatch;
/// after each dispatch the readers told of the change read again (as views
/// re-render). The floor is the same readers on a hand-written `Observable`
/// model that is told which field changed and tells only its readers: no
/// store, no comparison.
@MainActor
enum ObservationWorkloads {
    /// Ten fields; nested ten at a time for 100 and 1,000 (stored inline).
    struct Fields10 {
        var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0
        static var paths: [WritableKeyPath<Fields10, Int>] {
            [\.f0, \.f1, \.f2, \.f3, \.f4, \.f5, \.f6, \.f7, \.f8, \.f9]
        }
    }

    struct Fields100 {
        var g0 = Fields10(), g1 = Fields10(), g2 = Fields10(), g3 = Fields10(), g4 = Fields10()
        var g5 = Fields10(), g6 = Fields10(), g7 = Fields10(), g8 = Fields10(), g9 = Fields10()
        static var paths: [WritableKeyPath<Fields100, Int>] {
            let groups: [WritableKeyPath<Fields100, Fields10>] = [
                \.g0, \.g1, \.g2, \.g3, \.g4, \.g5, \.g6, \.g7, \.g8, \.g9,
            ]
            return groups.flatMap { group in Fields10.paths.map { group.appending(path: $0) } }
        }
    }

    struct Fields1000 {
        var h0 = Fields100(), h1 = Fields100(), h2 = Fields100(), h3 = Fields100(), h4 = Fields100()
        var h5 = Fields100(), h6 = Fields100(), h7 = Fields100(), h8 = Fields100(), h9 = Fields100()
        static var paths: [WritableKeyPath<Fields1000, Int>] {
            let groups: [WritableKeyPath<Fields1000, Fields100>] = [
                \.h0, \.h1, \.h2, \.h3, \.h4, \.h5, \.h6, \.h7, \.h8, \.h9,
            ]
            return groups.flatMap { group in Fields100.paths.map { group.appending(path: $0) } }
        }
    }

    /// The same number of fields in an array: reached through a collection,
    /// so they have no fixed bytes in the state and are compared every time.
    struct ListedFields {
        var values: [Int]
    }

    struct SetField: Action {
        let index: Int
        let value: Int
    }

    /// The fields' readers: reader `r` reads field `r % fields`; when told of a
    /// change it notes its number, and `rerender()` has those read again.
    @MainActor
    final class Readers {
        let read: [@MainActor () -> Int]
        var toldOf: [Int] = []
        var total = 0

        init(count: Int, fields: Int, read: @escaping @MainActor (Int) -> Int) {
            self.read = (0..<count).map { reader in { read(reader % fields) } }
        }

        func trackAll() {
            for reader in read.indices { track(reader) }
        }

        func track(_ reader: Int) {
            total &+= withObservationTracking {
                read[reader]()
            } onChange: {
                MainActor.assumeIsolated { self.toldOf.append(reader) }
            }
        }

        func rerender() {
            let told = toldOf
            toldOf.removeAll(keepingCapacity: true)
            for reader in told { track(reader) }
        }
    }

    /// The floor's model: an `Observable` class holding the same state, told
    /// which field each action changes.
    @MainActor
    final class FloorModel<State>: Observable {
        private let registrar = ObservationRegistrar()
        private var state: State
        private let paths: [WritableKeyPath<State, Int>]
        private var keys: [KeyPath<FloorModel<State>, Int>] = []

        init(state: State, paths: [WritableKeyPath<State, Int>]) {
            self.state = state
            self.paths = paths
            keys = paths.indices.map { \FloorModel<State>.[field: $0] }
        }

        nonisolated subscript(field index: Int) -> Int { index }

        func read(_ index: Int) -> Int {
            registrar.access(self, keyPath: keys[index])
            return state[keyPath: paths[index]]
        }

        func set(_ index: Int, to value: Int) {
            registrar.willSet(self, keyPath: keys[index])
            state[keyPath: paths[index]] = value
            registrar.didSet(self, keyPath: keys[index])
        }
    }

    /// Workload 14 for one state shape: `dispatches` dispatches, each setting
    /// one field (in turn) to a new value, `readers` readers.
    static func run<State>(
        _ label: String, state: @escaping () -> State, paths: [WritableKeyPath<State, Int>], readers: Int,
        dispatches: Int, runs: Int, read: (@MainActor (ObservableStore<State>, Int) -> Int)? = nil
    ) -> Row {
        let fields = paths.count
        let store = Timing.of(
            runs: runs,
            setup: { () -> (ObservableStore<State>, Readers) in
                let reducer: InPlaceReducer<State> = { state, action in
                    if let set = action as? SetField { state[keyPath: paths[set.index]] = set.value }
                }
                let model = ObservableStore(createStore(reducer, state()))
                let readers = Readers(count: readers, fields: fields) { read?(model, $0) ?? model[paths[$0]] }
                readers.trackAll()
                return (model, readers)
            }
        ) { model, readers in
            for step in 1...dispatches {
                model.dispatch(SetField(index: step % fields, value: step))
                readers.rerender()
            }
            return readers.total
        }
        let floor = Timing.of(
            runs: runs,
            setup: { () -> (FloorModel<State>, Readers) in
                let model = FloorModel(state: state(), paths: paths)
                let readers = Readers(count: readers, fields: fields) { model.read($0) }
                readers.trackAll()
                return (model, readers)
            }
        ) { model, readers in
            for step in 1...dispatches {
                model.set(step % fields, to: step)
                readers.rerender()
            }
            return readers.total
        }
        return Row(
            workload:
                "14 observable store, \(fields.formatted) \(label) fields, \(readers.formatted) readers, one field changed per dispatch, \(dispatches.formatted) dispatches (floor: told which field changed)",
            store: store, floor: floor, note: "target ≤ 3x")
    }

    /// The shapes workload 14 runs: 10, 100 and 1,000 inline fields, and
    /// 1,000 fields in an array, read by index (`model[\.values, i]`). (Read
    /// by key path, `model[\.values[i]]`, their readers are told of every
    /// change, since such a path is never applied to a new state that could
    /// make it trap: not a shape this workload's floor can check.)
    enum Shape {
        case inline10, inline100, inline1000, array1000ByIndex
    }

    /// One row of workload 14.
    static func row(_ shape: Shape, readers: Int, dispatches: Int, runs: Int) -> Row {
        switch shape {
        case .inline10:
            run(
                "inline", state: Fields10.init, paths: Fields10.paths, readers: readers, dispatches: dispatches,
                runs: runs)
        case .inline100:
            run(
                "inline", state: Fields100.init, paths: Fields100.paths, readers: readers, dispatches: dispatches,
                runs: runs)
        case .inline1000:
            run(
                "inline", state: Fields1000.init, paths: Fields1000.paths, readers: readers, dispatches: dispatches,
                runs: runs)
        case .array1000ByIndex:
            run(
                "array (read by index, `model[\\.values, i]`)",
                state: { ListedFields(values: Array(repeating: 0, count: 1_000)) },
                paths: (0..<1_000).map { \ListedFields.values[$0] }, readers: readers, dispatches: dispatches,
                runs: runs, read: { model, index in model[\.values, index] })
        }
    }
}
