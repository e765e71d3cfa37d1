import ReduxKitLinux
import Testing

/// The example at the top of README.md, kept here so it always compiles and does
/// what the README says.
@Suite("README example")
struct ReadmeExampleTests {
    struct Increment: Action { var by = 1 }
    struct Reset: Action {}

    struct AppState { var count = 0 }

    static func appReducer(_ state: AppState?, _ action: any Action) -> AppState {
        var state = state ?? AppState()  // each reducer owns its default
        switch action {
        case let action as Increment: state.count += action.by
        case is Reset: state.count = 0
        default: break
        }
        return state
    }

    @Test func theReadmeExampleCountsToFortyTwo() {
        let printed = Recorder<String>()
        let store = createStore(Self.appReducer, nil)
        let subscription = store.subscribe { printed.append("count: \($0.count)") }
        store.dispatch(Increment())  // count: 1
        store.dispatch(Increment(by: 41))  // count: 42
        subscription.dispose()
        store.dispatch(Reset())
        #expect(printed.values == ["count: 1", "count: 42"])
        #expect(store.state.count == 0)
    }
}
