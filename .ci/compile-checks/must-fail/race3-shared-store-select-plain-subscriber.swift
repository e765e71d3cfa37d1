// expect: error: main actor-isolated property 'value' can not be mutated from a Sendable closure
// expect: [actor_isolated_non_self_reference]
// Race 3, with `subscribe(select:)`: the subscriber runs on the dispatching thread, so it is @Sendable
// and cannot touch main-actor state; `subscribe(select:isolated:)` (the TWIN line) can.
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

@MainActor final class CounterViewModel {
    var value = 0

    func bind(_ shared: SharedStore<CounterState>) {
        shared.subscribe(select: { $0.count }) { [weak self] count in self?.value = count }  // CULPRIT
        // TWIN: shared.subscribe(select: { $0.count }, isolated: { @MainActor [weak self] count in self?.value = count })
        Task.detached { shared.dispatch(Increment()) }
    }
}
