// expect-output: view model 10000 after 10000 dispatches from a detached task, newer every time
// A @MainActor view model bound to a SharedStore with `subscribe(isolated:)`: a detached task
// dispatches 10,000 times; the subscriber runs on the main actor (asserted), never sees an older
// state or the same one twice (checked), and the last state (10,000) arrives. The program waits for
// it with a continuation the subscriber resumes, not with a sleep.
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

@MainActor final class CounterViewModel {
    private(set) var value = 0
    private var subscription: (any ReduxDisposable & Sendable)?
    private let target: Int
    private var waiter: CheckedContinuation<Void, Never>?

    init(store: SharedStore<CounterState>, target: Int) {
        self.target = target
        subscription = store.subscribe(isolated: { @MainActor [weak self] state in
            MainActor.assertIsolated()
            self?.receive(state)
        })
    }

    private func receive(_ state: CounterState) {
        precondition(state.count > value, "state \(state.count) arrived after \(value)")
        value = state.count
        if value == target {
            waiter?.resume()
            waiter = nil
        }
    }

    /// Returns once the subscriber has seen the target state.
    func waitForTarget() async {
        guard value < target else { return }
        await withCheckedContinuation { waiter = $0 }
    }

    func stop() {
        subscription?.dispose()
    }
}

/// Made outside any actor, so the store (and its closures) can be handed to the SharedStore.
func makeSharedStore() -> SharedStore<CounterState> {
    SharedStore(createStore(counterReducer, nil))
}

@MainActor func run() async -> String {
    let dispatches = 10_000
    let shared = makeSharedStore()
    let viewModel = CounterViewModel(store: shared, target: dispatches)
    let producer = Task.detached {
        for _ in 0..<dispatches { shared.dispatch(Increment()) }
    }
    await producer.value
    await viewModel.waitForTarget()
    viewModel.stop()
    return "view model \(viewModel.value) after \(shared.state.count) dispatches from a detached task, newer every time"
}

print(await run())
