// expect: error: sending value of non-Sendable type '() async -> any Action' risks causing data races
// expect: [#SendingRisksDataRace]
// expect: note: access can happen concurrently
// Race 1, in a nonisolated function: the subscriber captures a plain class instance, so the instance
// is in the store's region; dispatching from a detached task while this function keeps using the
// instance would run the subscriber's `counter.n += 1` concurrently with the one below.
import ReduxKitLinux

struct Increment: Action {}
final class Counter { var n = 0 }
func countReducer(_ state: Int?, _ action: any Action) -> Int { (state ?? 0) + 1 }

func run() {
    let counter = Counter()
    let store = createStore(countReducer, nil)
    store.subscribe { _ in counter.n += 1 }
    Task.detached { store.dispatch(Increment()) }
    counter.n += 1  // CULPRIT
}
