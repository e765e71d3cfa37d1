// expect: error: sending value of non-Sendable type '() async
// expect: [#SendingRisksDataRace]
// expect: as a 'sending' argument to static method 'detached(name:priority:operation:)'
// expect: note: access can happen concurrently
// Race 5, through a DisposeBag: the bag holds the store's handles, so it is in the store's region;
// emptying it here while a detached task dispatches would touch the store's subscribers concurrently.
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

func run() async {
    let store = createStore(counterReducer, nil)
    let bag = DisposeBag()
    store.subscribe { _ in }.disposed(by: bag)
    let task = Task.detached { store.dispatch(Increment()) }
    bag.disposeAll()  // CULPRIT
    _ = await task.value
}
