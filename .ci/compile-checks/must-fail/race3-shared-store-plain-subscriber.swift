// expect: error: main actor-isolated property 'value' can not be mutated from a Sendable closure
// expect: [actor_isolated_non_self_reference]
// Race 3: a SharedStore calls a plain subscriber on the dispatching thread, so the subscriber must be
// @Sendable, and a @Sendable closure cannot touch the view model's main-actor state. The fix is
// `subscribe(isolated: { @MainActor ... })` (the TWIN line).
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

@MainActor final class CounterViewModel {
    var value = 0

    func bind(_ shared: SharedStore<CounterState>) {
        shared.subscribe { [weak self] s in self?.value = s.count }  // CULPRIT
        // TWIN: shared.subscribe(isolated: { @MainActor [weak self] s in self?.value = s.count })
        Task.detached { shared.dispatch(Increment()) }
    }
}
