// expect-output: view model 3 (method reference 3, renders 4), on the main actor
// A @MainActor view model bound to a Store that lives on the main actor: its subscribers capture
// `self` and write main-actor state, with no Sendable requirement and no hop.
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

@MainActor final class CounterViewModel {
    private(set) var value = 0
    private(set) var viaMethod = 0
    private(set) var renders = 0
    private let bag = DisposeBag()

    init(store: Store<CounterState>) {
        store.subscribe(includingCurrentState: true) { [weak self] state in
            MainActor.assertIsolated()
            self?.value = state.count
            self?.renders += 1
        }.disposed(by: bag)
        store.subscribe(self.update).disposed(by: bag)
    }

    private func update(_ state: CounterState) {
        MainActor.assertIsolated()
        viaMethod = state.count
    }
}

@MainActor func run() -> String {
    let store = createStore(counterReducer, nil)
    let viewModel = CounterViewModel(store: store)
    for _ in 0..<3 { store.dispatch(Increment()) }
    return "view model \(viewModel.value) (method reference \(viewModel.viaMethod), renders \(viewModel.renders))"
}

print(run() + ", on the main actor")
