import ReduxKitLinux

/// ReduxKit's playground page "Minimal example": an enum action and a simple
/// standard action, one reducer, a store, four dispatches.
///
/// Changes from the playground: the page's globals live in this enum; `meta` is
/// `(any Sendable)?` instead of `Any?` (actions cross threads, so they are
/// `Sendable`); `createStore(reducer, state: nil)` lost its label.
enum MinimalExample {
    struct AppState {
        var count: Int!
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    // (The playground's own case names.)
    enum CountEnumAction: Action {
        case Increment
        case Decrement
        case Set(Int)
    }

    struct CountAction: SimpleStandardAction {
        let meta: (any Sendable)? = nil
        let error: Bool = false
        let rawPayload: Int = 1
    }

    static func reducer(previousState: AppState? = nil, action: Action) -> AppState {
        let state = previousState ?? AppState(count: 0)

        switch action {
        case let action as CountAction:
            return AppState(count: state.count + action.rawPayload)

        case CountEnumAction.Increment:
            return AppState(count: state.count + 1)

        case CountEnumAction.Decrement:
            return AppState(count: state.count - 1)

        case CountEnumAction.Set(let value):
            return AppState(count: value)

        default:
            return state
        }
    }

    static func run() {
        printStoryTitle("Minimal example")
        let store = createStore(reducer, nil)

        store.dispatch(CountAction())
        print(store.state)  // -> AppState(count: 1)

        store.dispatch(CountEnumAction.Increment)
        print(store.state)  // -> AppState(count: 2)

        store.dispatch(CountEnumAction.Decrement)
        print(store.state)  // -> AppState(count: 1)

        store.dispatch(CountEnumAction.Set(99))
        print(store.state)  // -> AppState(count: 99)
    }
}
