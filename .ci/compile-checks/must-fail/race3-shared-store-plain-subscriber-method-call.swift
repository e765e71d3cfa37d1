// expect: error: call to main actor-isolated instance method 'update' in a synchronous nonisolated context
// expect: [actor_isolated_call_decl]
// Race 3, with a plain closure that calls the view model's @MainActor method: a SharedStore would
// call it on the dispatching thread, so it is @Sendable and cannot call main-actor code
// synchronously. The fix is `subscribe(isolated: { @MainActor ... })` (the TWIN line), as the
// BindingUIOnTheMainActor article's table says.
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
        shared.subscribe { [weak self] s in self?.update(s) }  // CULPRIT
        // TWIN: shared.subscribe(isolated: { @MainActor [weak self] s in self?.update(s) })
        Task.detached { shared.dispatch(Increment()) }
    }
}
