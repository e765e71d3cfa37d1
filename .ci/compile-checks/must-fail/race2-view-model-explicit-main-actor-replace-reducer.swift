// expect: error: passing closure as a 'sending' parameter risks causing data races between main actor-isolated code and concurrent execution of the closure
// expect: [#SendingClosureRisksDataRace]
// Was a hole, closed by the library: as race2-view-model-explicit-main-actor-subscriber.swift, through `Store.replaceReducer` with
// an explicitly @MainActor reducer (the reducer then runs on the detached task's thread).
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
    var reductions = 0

    func bind() {
        let store = createStore(counterReducer, nil)
        store.replaceReducer {  // CULPRIT
            @MainActor [weak self] (state: CounterState?, action: any Action) -> CounterState in  // CULPRIT
            self?.reductions += 1  // CULPRIT
            return counterReducer(state, action)  // CULPRIT
        }  // CULPRIT
        Task.detached { store.dispatch(Increment()) }
    }
}
