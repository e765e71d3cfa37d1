// expect: error: sending 'store' risks causing data races
// expect: [#SendingRisksDataRace]
// Race 6, the way back's proof on the main actor: once main-actor code has dispatched to a store, its
// effects come back on the main actor, and the store is in the main actor's region: it cannot be
// handed to a SharedStore (whose lock would let other threads in). Shared before any dispatch
// (TWIN), it is.
import ReduxKitLinuxEffects

struct Increment: Action {}
func counterReducer(_ state: Int?, _ action: any Action) -> Int {
    (state ?? 0) + (action is Increment ? 1 : 0)
}

@MainActor func makeShared() -> SharedStore<Int> {
    let store = createStore(counterReducer, nil, applyMiddleware(thunkMiddleware()))
    store.dispatch(Increment())  // CULPRIT
    return SharedStore(store)
}
