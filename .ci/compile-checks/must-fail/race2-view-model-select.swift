// expect: error: passing closure as a 'sending' parameter risks causing data races between main actor-isolated code and concurrent execution of the closure
// expect: [#SendingClosureRisksDataRace]
// expect: note: closure captures 'store' which is accessible to main actor-isolated code
// Race 2, with `subscribe(select:)`: the selector and the subscriber belong to the main actor.
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

@MainActor final class CounterViewModel {
    var value = 0

    func bind() {
        let store = createStore(counterReducer, nil)
        store.subscribe(select: { $0.count }) { [weak self] count in self?.value = count }  // CULPRIT
        Task.detached { store.dispatch(Increment()) }
    }
}
