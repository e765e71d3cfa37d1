import Foundation
import ReduxKitLinux

/// Workloads 8, 9 and 10: a ``SharedStore``, whose every call takes its lock.
enum SharedStoreWorkloads {
    typealias Increment = DispatchWorkloads.Increment

    /// A shared store over workload 1's counter.
    static func makeStore() -> SharedStore<Int> {
        SharedStore(createStore(DispatchWorkloads.counter, nil))
    }

    /// Dispatches `count` actions to `store` from this thread and returns its final state.
    static func dispatch(_ count: Int, to store: SharedStore<Int>) -> Int {
        for _ in 0..<count { store.dispatch(Increment()) }
        return store.getState()
    }

    /// Dispatches `count / 2` actions from each of two threads at once and
    /// returns the final state once both have finished.
    static func dispatchOnTwoThreads(_ count: Int, to store: SharedStore<Int>) -> Int {
        let group = DispatchGroup()
        for _ in 0..<2 {
            group.enter()
            Thread {
                for _ in 0..<(count / 2) { store.dispatch(Increment()) }
                group.leave()
            }.start()
        }
        group.wait()
        return store.getState()
    }

    /// Workload 8: workload 1 through a shared store, against the same floor.
    static func noSubscriber(_ count: Int, runs: Int) -> Row {
        let store = Timing.of(runs: runs, setup: makeStore) { dispatch(count, to: $0) }
        return Row(
            workload: "8 shared store: dispatch \(count.formatted) actions, no subscriber", store: store,
            floor: DispatchWorkloads.floor(count, runs: runs), note: "one uncontended lock a dispatch; see workload 1")
    }

    /// Workload 9: two threads dispatching `count / 2` actions each at once to a
    /// shared store; its floor column is one thread dispatching all `count` to a
    /// shared store, so the ratio is what contention costs.
    static func twoThreads(_ count: Int, runs: Int) -> Row {
        let oneThread = Timing.of(runs: runs, setup: makeStore) { dispatch(count, to: $0) }
        let twoThreads = Timing.of(runs: runs, setup: makeStore) { dispatchOnTwoThreads(count, to: $0) }
        return Row(
            workload:
                "9 shared store: two threads × \((count / 2).formatted) dispatches (floor: one thread × \(count.formatted))",
            store: twoThreads, floor: oneThread, note: "contention alone; totals must match")
    }

    /// `count` `@Sendable` subscribers, each adding the state to a shared sink.
    static func subscribers(_ count: Int, sink: SharedSink) -> [@Sendable (Int) -> Void] {
        (0..<count).map { _ in { state in sink.add(state) } }
    }

    /// Workload 10: workload 2 through a shared store. Its subscribers are
    /// `@Sendable` and write to a ``SharedSink``; the floor calls the same ones.
    static func manySubscribers(dispatches: Int, subscriberCount: Int, runs: Int) -> Row {
        let store = Timing.of(
            runs: runs,
            setup: { () -> (SharedStore<Int>, SharedSink) in
                let sink = SharedSink()
                let store = makeStore()
                for subscriber in subscribers(subscriberCount, sink: sink) { store.subscribe(subscriber) }
                return (store, sink)
            }
        ) { store, sink in
            for _ in 0..<dispatches { store.dispatch(Increment()) }
            return sink.total
        }
        let floor = Timing.of(
            runs: runs,
            setup: { () -> (Reducer<Int>, [@Sendable (Int) -> Void], SharedSink) in
                let sink = SharedSink()
                return (
                    opaque(DispatchWorkloads.counter as Reducer<Int>), opaque(subscribers(subscriberCount, sink: sink)),
                    sink
                )
            }
        ) { reducer, subscribers, sink in
            var state = reducer(nil, DefaultAction())
            for _ in 0..<dispatches {
                state = reducer(state, Increment())
                for subscriber in subscribers { subscriber(state) }
            }
            return sink.total
        }
        return Row(
            workload:
                "10 shared store: dispatch \(dispatches.formatted) actions to \(subscriberCount.formatted) subscribers",
            store: store, floor: floor, note: "subscribers called under the lock; see workload 2")
    }
}
