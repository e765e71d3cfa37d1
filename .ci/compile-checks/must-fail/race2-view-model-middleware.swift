// expect: error: passing closure as a 'sending' parameter risks causing data races between main actor-isolated code and concurrent execution of the closure
// expect: [#SendingClosureRisksDataRace]
// expect: note: closure captures 'store' which is accessible to main actor-isolated code
// Race 2, through middleware: a middleware written in a @MainActor method that counts actions on the
// view model belongs to the main actor, and so does the store it is applied to.
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

@MainActor final class CounterViewModel {
    var dispatched = 0

    func bind() {
        let counting: Middleware<CounterState> = { _ in  // CULPRIT
            { next in  // CULPRIT
                { action in  // CULPRIT
                    self.dispatched += 1  // CULPRIT
                    return next(action)  // CULPRIT
                }  // CULPRIT
            }  // CULPRIT
        }  // CULPRIT
        let store = createStore(counterReducer, nil, applyMiddleware([counting]))  // CULPRIT
        // TWIN: let store = createStore(counterReducer, nil)
        Task.detached { store.dispatch(Increment()) }
    }
}
