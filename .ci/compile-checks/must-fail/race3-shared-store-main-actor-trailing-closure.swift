// expect: error: converting function value of type '@MainActor @Sendable (CounterState) -> Void' to '@Sendable (CounterState) -> Void' loses global actor 'MainActor'
// expect: [converting_func_loses_global_actor]
// Race 3, with an explicitly @MainActor closure given to the plain `subscribe(_:)` (as a trailing
// closure): it would be called on the dispatching thread; it must go through `subscribe(isolated:)`.
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

@MainActor final class CounterViewModel {
    var value = 0

    func bind(_ shared: SharedStore<CounterState>) {
        shared.subscribe { @MainActor [weak self] s in self?.value = s.count }  // CULPRIT
        // TWIN: shared.subscribe(isolated: { @MainActor [weak self] s in self?.value = s.count })
        Task.detached { shared.dispatch(Increment()) }
    }
}
