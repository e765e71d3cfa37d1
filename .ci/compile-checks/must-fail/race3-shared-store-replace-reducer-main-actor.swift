// expect: main actor-isolated property 'reductions' can not be mutated from a Sendable closure
// Was a hole (library), closed: the same `SharedStore.replaceReducer` parameter lets a @MainActor view model give a
// shared store a reducer that writes main-actor state: the closure is inferred to belong to the main
// actor, yet every dispatching thread calls it.
// Closed by spelling SharedStore.replaceReducer's parameter types out (`@Sendable` on a function
// typealias is dropped by Swift 6.3.1).
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

@MainActor final class CounterViewModel {
    var reductions = 0

    func bind(_ shared: SharedStore<CounterState>) {
        shared.replaceReducer { [weak self] (state: CounterState?, action: any Action) -> CounterState in  // CULPRIT
            self?.reductions += 1  // CULPRIT
            return counterReducer(state, action)  // CULPRIT
        }  // CULPRIT
        Task.detached { shared.dispatch(Increment()) }
    }
}
