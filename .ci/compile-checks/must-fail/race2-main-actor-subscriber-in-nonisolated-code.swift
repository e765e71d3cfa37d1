// expect: error: call to main actor-isolated instance method 'subscribe' in a synchronous nonisolated context
// expect: [#ActorIsolatedCall]
// Race 2, from nonisolated code: a store made here is not the main actor's, so it refuses a @MainActor
// subscriber (it would call it on whatever thread dispatches).
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

@MainActor final class CounterViewModel {
    var value = 0
}

func run(viewModel: CounterViewModel) {
    let store = createStore(counterReducer, nil)
    store.subscribe { @MainActor s in viewModel.value = s.count }  // CULPRIT
    Task.detached { store.dispatch(Increment()) }
}
