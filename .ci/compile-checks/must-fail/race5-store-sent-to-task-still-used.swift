// expect: error: sending value of non-Sendable type '() async
// expect: [#SendingRisksDataRace]
// expect: as a 'sending' argument to static method 'detached(name:priority:operation:)'
// expect: note: access can happen concurrently
// Race 5: a plain store may go to another task only if it is not used here afterwards.
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

func run() async {
    let store = createStore(counterReducer, nil)
    let task = Task.detached { store.dispatch(Increment()) }
    store.dispatch(Increment())  // CULPRIT
    _ = await task.value
}
