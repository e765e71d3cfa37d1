import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Testing

/// The store moves its state into a value reducer (its parameter is
/// `consuming`, issue 21) through every path a reducer reaches it by. That the
/// state is then changed in place shows in an optimised build only (a debug
/// build copies a consuming parameter into `var state`): Benchmarks' workload
/// 17, which CI runs, stops if an in-place spelling copies. Here: moving the
/// state never changes what anyone else holds, whatever the path.
@Suite("Value reducers: the state moved into the reducer")
struct ValueReducerInPlaceTests {
    struct Append: Action { let value: Int }

    static func appending(_ state: consuming [Int]?, _ action: any Action) -> [Int] {
        var state = state ?? []
        if let append = action as? Append { state.append(append.value) }
        return state
    }

    enum Path: CaseIterable {
        case createStore, combined, pulledBack, pulledBackOptional, replaced, inPlaceWithEnhancer
    }

    /// A store on `path` whose state's array gets each `Append`, read back as the array.
    static func makeStore(_ path: Path, _ initial: [Int]) -> (dispatch: (any Action) -> Void, state: () -> [Int]) {
        struct Parent {
            var items: [Int]
            var optional: [Int]?
        }
        switch path {
        case .createStore:
            let store = createStore(appending, initial)
            return ({ store.dispatch($0) }, { store.state })
        case .combined:
            let store = createStore(combineReducers(appending, { state, _ in state ?? [] }, appending), initial)
            return ({ store.dispatch($0) }, { store.state })
        case .pulledBack:
            let store = createStore(pullback(appending, state: \Parent.items), Parent(items: initial))
            return ({ store.dispatch($0) }, { store.state.items })
        case .pulledBackOptional:
            let store = createStore(pullback(appending, state: \Parent.optional), Parent(items: [], optional: initial))
            return ({ store.dispatch($0) }, { store.state.optional ?? [] })
        case .replaced:
            let store = createStore({ (_: inout [Int], _: any Action) in }, initial)
            store.replaceReducer(appending)
            return ({ store.dispatch($0) }, { store.state })
        case .inPlaceWithEnhancer:
            let passing: Middleware<[Int]> = { _ in { next in { action in next(action) } } }
            let store = createStore(
                { (state: inout [Int], action: any Action) in
                    if let append = action as? Append { state.append(append.value) }
                }, initial, applyMiddleware(passing))
            return ({ store.dispatch($0) }, { store.state })
        }
    }

    @Test(arguments: Path.allCases)
    func statesReadEarlierNeverChangeAfterward(path: Path) {
        var initial = [1, 2, 3]
        initial.reserveCapacity(100)  // room to grow in place, if anything shared it
        let store = Self.makeStore(path, initial)
        var kept: [[Int]] = [store.state()]
        for value in 4...8 {
            store.dispatch(Append(value: value))
            kept.append(store.state())
        }
        let perAppend = path == .combined ? 2 : 1
        #expect(initial == [1, 2, 3])
        for (index, state) in kept.enumerated() { #expect(state.count == 3 + index * perAppend) }
        #expect(kept.last?.suffix(perAppend) == Array(repeating: 8, count: perAppend)[...])
    }

    /// A reducer that keeps the old state (here, in a list of its own) keeps
    /// it as it was: the move hands the reducer the only reference, which it
    /// may copy.
    @Test func aReducerThatKeepsItsOldStateKeepsItUnchanged() {
        var history: [[Int]] = []
        let store = createStore(
            { (state: consuming [Int]?, action: any Action) -> [Int] in
                var state = state ?? []
                history.append(state)
                if let append = action as? Append { state.append(append.value) }
                return state
            }, [0])
        for value in 1...3 { store.dispatch(Append(value: value)) }
        #expect(history == [[0], [0, 1], [0, 1, 2]])
        #expect(store.state == [0, 1, 2, 3])
    }
}
