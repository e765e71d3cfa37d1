// expect: error: passing closure as a 'sending' parameter risks causing data races
// expect: [#SendingClosureRisksDataRace]
// Race 6, the way back's proof: a store that code isolated to an actor has dispatched to learns that
// actor as the one its effects come back on. The dispatch puts the store in the actor's region, so
// it can no longer be sent to another task, where it would be used while its effects come back on
// the actor. Without that dispatch (TWIN), the store is the method's own and may be sent.
import ReduxKitLinuxEffects

struct Increment: Action {}
func counterReducer(_ state: Int?, _ action: any Action) -> Int {
    (state ?? 0) + (action is Increment ? 1 : 0)
}

actor Room {
    func start() {
        let store = createStore(counterReducer, nil, applyMiddleware(thunkMiddleware()))
        store.dispatch(Increment())  // CULPRIT
        Task.detached { store.dispatch(Increment()) }
    }
}
