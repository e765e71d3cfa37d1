// expect: error: sending 'store' risks causing data races
// expect: [#SendingRisksDataRace]
// expect: note: main actor-isolated 'store' is passed as a 'sending' parameter
// Race 6, with listener middleware: `listeners.middleware()` made on the main actor belongs to it too.
import ReduxKitLinuxEffects

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

@MainActor func makeShared(listeners: ListenerMiddleware<CounterState>) -> SharedStore<CounterState> {
    let store = createStore(counterReducer, nil, applyMiddleware(listeners.middleware()))  // CULPRIT
    // TWIN: let store = createStore(counterReducer, nil, applyMiddleware(listeners.middleware(isolation: nil)))
    return SharedStore(store)
}
