// expect: error: sending 's' risks causing data races
// expect: [#SendingRisksDataRace]
// expect: note: 's' used after being passed as a 'sending' parameter; Later uses could race
// Race 4: `SharedStore(_:)` takes the store as `sending`; dispatching to it directly afterwards would
// bypass the shared store's lock.
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

func run() {
    let s = createStore(counterReducer, nil)
    let shared = SharedStore(s)
    Task.detached { shared.dispatch(Increment()) }
    s.dispatch(Increment())  // CULPRIT
}
