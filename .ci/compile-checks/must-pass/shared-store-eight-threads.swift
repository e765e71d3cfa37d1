// expect-output: state 80000, subscriber calls 80000, each one state newer
// Eight threads dispatch 10,000 times each to one SharedStore: no update is lost, and its @Sendable
// subscriber is called once a dispatch, one at a time, each time with the state after the last.
import Dispatch
import Foundation
import ReduxKitLinux
import Synchronization

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

/// What the subscriber saw, counted with atomics (the subscriber runs on many threads).
final class Tally: Sendable {
    let calls = Atomic<Int>(0)
    let last = Atomic<Int>(0)
    let outOfOrder = Atomic<Int>(0)
}

func run(threads: Int, dispatchesEach: Int) -> String {
    let shared = SharedStore(createStore(counterReducer, nil))
    let tally = Tally()
    let subscription = shared.subscribe { state in
        tally.calls.add(1, ordering: .relaxed)
        let previous = tally.last.exchange(state.count, ordering: .relaxed)
        if state.count != previous + 1 { tally.outOfOrder.add(1, ordering: .relaxed) }
    }
    let group = DispatchGroup()
    for _ in 0..<threads {
        group.enter()
        Thread {
            for _ in 0..<dispatchesEach { shared.dispatch(Increment()) }
            group.leave()
        }.start()
    }
    group.wait()
    subscription.dispose()
    let order = tally.outOfOrder.load(ordering: .relaxed) == 0 ? "each one state newer" : "OUT OF ORDER"
    return "state \(shared.state.count), subscriber calls \(tally.calls.load(ordering: .relaxed)), \(order)"
}

print(run(threads: 8, dispatchesEach: 10_000))
