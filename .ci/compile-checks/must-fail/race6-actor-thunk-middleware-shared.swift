// expect: error: sending 'store' risks causing data races
// expect: [#SendingRisksDataRace]
// expect: note: 'self'-isolated 'store' is passed as a 'sending' parameter
// Race 6, on an actor of one's own: the store built with that actor's `thunkMiddleware()` belongs to
// the actor and cannot be handed to a SharedStore.
import ReduxKitLinuxEffects

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

actor Loader {
    func makeShared() -> SharedStore<CounterState> {
        let store = createStore(counterReducer, nil, applyMiddleware(thunkMiddleware()))  // CULPRIT
        // TWIN: let store = createStore(counterReducer, nil, applyMiddleware(thunkMiddleware(isolation: nil)))
        return SharedStore(store)
    }
}
