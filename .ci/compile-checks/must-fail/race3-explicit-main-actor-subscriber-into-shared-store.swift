// expect: error: sending 'store' risks causing data races
// expect: note: main actor-isolated 'store' is passed as a 'sending' parameter
// Was a hole, closed by the library: the same erasure lets a @MainActor subscriber into a store that is then handed to a
// SharedStore, which calls it on every dispatching thread (under its lock, not on the main actor).
// Closed by the @MainActor overloads of Store.subscribe and Store.replaceReducer
// (Sources/ReduxKitLinux/Subscribing/MainActorSubscription.swift): calling them ties the store to
// the main actor.
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

@MainActor final class CounterViewModel {
    var value = 0

    func makeShared() -> SharedStore<CounterState> {
        let store = createStore(counterReducer, nil)
        store.subscribe { @MainActor [weak self] s in self?.value = s.count }  // CULPRIT
        return SharedStore(store)
    }
}
