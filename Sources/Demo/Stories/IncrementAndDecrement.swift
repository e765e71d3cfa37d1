import ReduxKitLinux

/// ReduxKit's playground page "Increment and decrement": simple standard
/// actions, a counter reducer nested in an application reducer, a subscriber.
///
/// Changes from the playground: `meta` is `(any Sendable)?` instead of `Any?`;
/// `counterReducer`'s first parameter gained `_` (it is called without a label);
/// `createStore(applicationReducer, state: nil)` lost its label.
enum IncrementAndDecrement {
    struct IncrementAction: SimpleStandardAction {
        let meta: (any Sendable)? = nil
        let error: Bool = false
        let rawPayload: Int = 1
    }

    struct DecrementAction: SimpleStandardAction {
        let meta: (any Sendable)? = nil
        let error: Bool = false
        let rawPayload: Int = 1
    }

    static func counterReducer(_ previousState: Int?, action: Action) -> Int {
        let state = previousState ?? 0

        switch action {
        case let action as IncrementAction:
            return state + action.rawPayload
        case let action as DecrementAction:
            return state - action.rawPayload
        default:
            return state
        }
    }

    struct AppState {
        var count: Int!
    }

    static func applicationReducer(state: AppState? = nil, action: Action) -> AppState {
        return AppState(
            count: counterReducer(state?.count, action: action)
        )
    }

    static func run() {
        printStoryTitle("Increment and decrement")
        let store = createStore(applicationReducer, nil)

        let disposable = store.subscribe { state in
            print(state)
        }

        store.dispatch(IncrementAction())
        // AppState(count: 1)

        store.dispatch(IncrementAction())
        // AppState(count: 2)

        store.dispatch(DecrementAction())
        // AppState(count: 1)

        // Dispose of the subscriber after use.
        disposable.dispose()
    }
}
