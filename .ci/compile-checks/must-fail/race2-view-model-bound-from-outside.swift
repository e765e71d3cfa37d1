// expect: error: sending 'store' risks causing data races
// expect: [#SendingRisksDataRace]
// expect: note: sending 'store' to main actor-isolated instance method 'bind' risks causing data races between main actor-isolated and local nonisolated uses
// Race 2, bound from nonisolated code: handing the store to the view model's @MainActor `bind` sends
// it to the main actor; a detached task may not dispatch to it afterwards.
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

@MainActor final class CounterViewModel {
    var value = 0

    func bind(_ store: Store<CounterState>) {
        store.subscribe { [weak self] s in self?.value = s.count }
    }
}

func run(viewModel: CounterViewModel) async {
    let store = createStore(counterReducer, nil)
    await viewModel.bind(store)
    Task.detached { store.dispatch(Increment()) }  // CULPRIT
}
