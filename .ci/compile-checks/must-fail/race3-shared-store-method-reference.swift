// expect: error: converting function value of type '@MainActor @Sendable (CounterState) -> ()' to '@Sendable (CounterState) -> Void' loses global actor 'MainActor'
// expect: [converting_func_loses_global_actor]
// Race 3, with a method reference: `shared.subscribe(self.update)` would call a @MainActor method on
// the dispatching thread. `subscribe(isolated: self.update)` (the TWIN line) calls it on the main actor.
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

@MainActor final class CounterViewModel {
    var value = 0

    func update(_ state: CounterState) { value = state.count }

    func bind(_ shared: SharedStore<CounterState>) {
        shared.subscribe(self.update)  // CULPRIT
        // TWIN: shared.subscribe(isolated: self.update)
        Task.detached { shared.dispatch(Increment()) }
    }
}
