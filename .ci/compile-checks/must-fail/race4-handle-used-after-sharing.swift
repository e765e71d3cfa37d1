// expect: error: sending 's' risks causing data races
// expect: [#SendingRisksDataRace]
// expect: note: 's' used after being passed as a 'sending' parameter; Later uses could race
// Race 4, through a handle: a plain store's subscription handle is not Sendable and moves into the
// SharedStore with its store; disposing it here would touch the store outside the lock.
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

func run() {
    let s = createStore(counterReducer, nil)
    let handle = s.subscribe { _ in }
    let shared = SharedStore(s)
    Task.detached { shared.dispatch(Increment()) }
    handle.dispose()  // CULPRIT
}
