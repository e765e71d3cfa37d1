import Foundation
import ReduxKitLinux

/// Workloads 1, 6 and 7: the cost of dispatch itself (6 through a ``SharedStore``).
enum DispatchWorkloads {
    struct Increment: Action {}

    /// The counter every dispatch workload runs: one cast, one add.
    static func counter(_ state: Int?, _ action: any Action) -> Int {
        let state = state ?? 0
        return action is Increment ? state &+ 1 : state
    }

    /// Dispatches `count` actions to `store` and returns its final state.
    static func dispatch(_ count: Int, to store: Store<Int>) -> Int {
        for _ in 0..<count { store.dispatch(Increment()) }
        return store.getState()
    }

    /// The floor of workload 1: the reducer called in a loop.
    static func floor(_ count: Int, runs: Int) -> Timing {
        Timing.of(runs: runs, setup: { opaque(counter as Reducer<Int>) }) { reducer in
            var state = reducer(nil, DefaultAction())
            for _ in 0..<count { state = reducer(state, Increment()) }
            return state
        }
    }

    /// Workload 1: `count` dispatches, no subscriber.
    static func noSubscriber(_ count: Int, runs: Int) -> Row {
        let store = Timing.of(runs: runs, setup: { createStore(counter, nil) }) { dispatch(count, to: $0) }
        return Row(
            workload: "1 dispatch \(count.formatted) actions, no subscriber", store: store,
            floor: floor(count, runs: runs), note: "target ≤ 4x")
    }

    /// Workload 7: workload 1 behind three pass-through middleware; its floor
    /// column is workload 1 through a plain store.
    static func threeMiddleware(_ count: Int, runs: Int) -> Row {
        let passThrough: Middleware<Int> = { _ in { next in { action in next(action) } } }
        let plain = Timing.of(runs: runs, setup: { createStore(counter, nil) }) { dispatch(count, to: $0) }
        let store = Timing.of(
            runs: runs,
            setup: {
                createStore(counter, nil, applyMiddleware(passThrough, passThrough, passThrough))
            }
        ) { dispatch(count, to: $0) }
        return Row(
            workload: "7 workload 1 behind three pass-through middleware (floor: workload 1's store)", store: store,
            floor: plain, note: "target ≤ 2x")
    }

    /// Workload 6: two threads dispatching `count / 2` actions each at once to a
    /// ``SharedStore``; its floor column is one thread dispatching all `count`
    /// to a plain store. The ratio is the inverse of the throughput ratio: ≤ 2x
    /// means ≥ 0.5x the throughput.
    static func twoThreads(_ count: Int, runs: Int) -> Row {
        let oneThread = Timing.of(runs: runs, setup: { createStore(counter, nil) }) { dispatch(count, to: $0) }
        let twoThreads = Timing.of(runs: runs, setup: SharedStoreWorkloads.makeStore) {
            SharedStoreWorkloads.dispatchOnTwoThreads(count, to: $0)
        }
        return Row(
            workload:
                "6 two threads × \((count / 2).formatted) dispatches to a shared store (floor: one thread × \(count.formatted) to a store)",
            store: twoThreads, floor: oneThread, note: "target ≤ 2x (throughput ≥ 0.5x); totals must match")
    }
}
