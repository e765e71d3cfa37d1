import ReduxKitLinux

/// ReduxKit's playground page "Disposables": two subscribers, disposed one after
/// the other, then a new one.
///
/// Changes from the playground: `meta` is `(any Sendable)?` instead of `Any?`;
/// `createStore(reducer, state: nil)` lost its label; the closures lost their
/// `_ in` (a closure without parameters takes none now); the values a
/// playground shows beside each line are printed.
enum Disposables {
    struct AppState {
        var count: Int!
    }

    struct CountAction: SimpleStandardAction {
        let meta: (any Sendable)? = nil
        let error: Bool = false
        let rawPayload: Int = 1
    }

    static func reducer(state: AppState? = nil, action: Action) -> AppState {
        switch action {
        case let action as CountAction:
            return AppState(count: (state?.count ?? 0) + action.rawPayload)
        default:
            return state ?? AppState(count: 0)
        }
    }

    static func run() {
        printStoryTitle("Disposables")
        let store = createStore(reducer, nil)

        var state1: AppState!
        let disposable1 = store.subscribe { state1 = $0 }

        var state2: AppState!
        let disposable2 = store.subscribe { state2 = $0 }

        let dump: () -> String = {
            let countStore = store.state.count.description
            let countState1 = state1 == nil ? "nil" : state1.count.description
            let countState2 = state2 == nil ? "nil" : state2.count.description
            return "States: (\(countStore), \(countState1), \(countState2))"
        }

        let count: () -> Void = { store.dispatch(CountAction()) }

        let countAndDump: () -> String = {
            count()
            return dump()
        }

        print(dump())  // -> States: (0, nil, nil)

        print(countAndDump())  // -> States: (1, 1, 1)

        print(countAndDump())  // -> States: (2, 2, 2)

        disposable2.dispose()
        print(countAndDump())  // -> States: (3, 3, 2)

        disposable1.dispose()
        print(countAndDump())  // -> States: (4, 3, 2)

        store.subscribe { state1 = $0 }
        print(dump())  // -> States: (4, 3, 2)

        print(countAndDump())  // States: (5, 5, 2)
    }
}
