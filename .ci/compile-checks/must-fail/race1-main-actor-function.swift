// expect: error: passing closure as a 'sending' parameter risks causing data races between main actor-isolated code and concurrent execution of the closure
// expect: [#SendingClosureRisksDataRace]
// expect: note: closure captures 'store' which is accessible to main actor-isolated code
// Race 1, in a @MainActor function: the subscriber, written here, belongs to the main actor and
// captures the counter the function keeps using; subscribing ties the store to the main actor, so a
// detached task may not take it. (Without the subscription the fresh store could be sent away.)
import ReduxKitLinux

struct Increment: Action {}
final class Counter { var n = 0 }
func countReducer(_ state: Int?, _ action: any Action) -> Int { (state ?? 0) + 1 }

@MainActor func run() {
    let counter = Counter()
    let store = createStore(countReducer, nil)
    store.subscribe { _ in counter.n += 1 }  // CULPRIT
    Task.detached { store.dispatch(Increment()) }
    counter.n += 1
}
