// expect: error: capture of 'thunks' with non-Sendable type 'Middleware<CounterState>'
// expect: [#SendableClosureCaptures]
// Race 6, through the builder: the main actor's `thunkMiddleware()` cannot be smuggled into
// `SharedStore { ... }`, whose builder is @Sendable; made inside the builder (TWIN), it has no actor.
import ReduxKitLinuxEffects

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

@MainActor func makeShared() -> SharedStore<CounterState> {
    let thunks: Middleware<CounterState> = thunkMiddleware()
    return SharedStore { createStore(counterReducer, nil, applyMiddleware([thunks])) }  // CULPRIT
    // TWIN: return SharedStore { createStore(counterReducer, nil, applyMiddleware(thunkMiddleware())) }
}
