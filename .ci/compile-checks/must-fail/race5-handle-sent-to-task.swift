// expect: error: sending value of non-Sendable type '() async
// expect: [#SendingRisksDataRace]
// expect: as a 'sending' argument to static method 'detached(name:priority:operation:)'
// expect: note: access can happen concurrently
// Race 5, through a handle: a plain store's handle is not Sendable; disposing it in a detached task
// while the store dispatches here would touch the subscriber list from two threads.
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

func run() async {
    let store = createStore(counterReducer, nil)
    let handle = store.subscribe { _ in }
    let task = Task.detached { handle.dispose() }
    store.dispatch(Increment())  // CULPRIT
    await task.value
}
