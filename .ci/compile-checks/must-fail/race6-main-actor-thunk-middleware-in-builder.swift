// expect: error: capture of 'thunks' with non-Sendable type 'Middleware<CounterState>'
// expect: [#SendableClosureCaptures]
// Race 6, through the builder: a middleware made outside `SharedStore { ... }` (it holds the state of
// its chain, so it is not Sendable) cannot be smuggled into the builder, which is @Sendable; made
// inside the builder (TWIN), it belongs to the store the builder makes.
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
