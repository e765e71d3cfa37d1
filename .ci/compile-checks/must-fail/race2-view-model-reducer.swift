// expect: error: passing closure as a 'sending' parameter risks causing data races between main actor-isolated code and concurrent execution of the closure
// expect: [#SendingClosureRisksDataRace]
// expect: note: closure captures 'store' which is accessible to main actor-isolated code
// Race 2, through the reducer: a reducer written in a @MainActor method that counts reductions on
// the view model belongs to the main actor, and so does the store made with it.
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

@MainActor final class CounterViewModel {
    var reductions = 0

    func bind() {
        let store = createStore(  // CULPRIT
            { [weak self] (state: CounterState?, action: any Action) -> CounterState in  // CULPRIT
                self?.reductions += 1  // CULPRIT
                return counterReducer(state, action)  // CULPRIT
            }, nil)  // CULPRIT
        // TWIN: let store = createStore(counterReducer, nil)
        Task.detached { store.dispatch(Increment()) }
    }
}
