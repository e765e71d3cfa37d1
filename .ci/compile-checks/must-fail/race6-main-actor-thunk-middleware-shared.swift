// expect: error: sending 'store' risks causing data races
// expect: [#SendingRisksDataRace]
// expect: note: main actor-isolated 'store' is passed as a 'sending' parameter
// Race 6: `thunkMiddleware()` made on the main actor belongs to it (its async thunks' results come back
// there), and so does the store built with it: it cannot be handed to a SharedStore. The TWIN line is
// the fix: `thunkMiddleware(isolation: nil)`.
import ReduxKitLinuxEffects

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

@MainActor func makeShared() -> SharedStore<CounterState> {
    let store = createStore(counterReducer, nil, applyMiddleware(thunkMiddleware()))  // CULPRIT
    // TWIN: let store = createStore(counterReducer, nil, applyMiddleware(thunkMiddleware(isolation: nil)))
    return SharedStore(store)
}
