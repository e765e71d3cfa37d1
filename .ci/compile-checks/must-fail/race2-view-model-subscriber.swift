// expect: error: passing closure as a 'sending' parameter risks causing data races between main actor-isolated code and concurrent execution of the closure
// expect: [#SendingClosureRisksDataRace]
// expect: note: closure captures 'store' which is accessible to main actor-isolated code
// Race 2: a @MainActor view model binds itself to a store with `{ [weak self] s in ... }`; the
// closure belongs to the main actor, so the store does too, and a detached task may not dispatch to
// it (the subscriber would write `value` off the main actor).
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
        store.subscribe { [weak self] s in self?.value = s.count }  // CULPRIT
        Task.detached { store.dispatch(Increment()) }
    }
}
