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

    /// Workload 19: workload 6 against the hand-written floor issue 32 set: two
    /// threads × `count / 2`, each call of the reducer under one pthread mutex
    /// (a plain loop with a lock), so the ratio is what the store adds to the
    /// contention itself.
    static func twoThreadsAgainstALockedLoop(_ count: Int, runs: Int) -> Row {
        let floor = Timing.of(runs: runs, setup: { LockedCounter(opaque(DispatchWorkloads.counter as Reducer<Int>)) }) {
            $0.runOnTwoThreads(count)
        }
        let store = Timing.of(runs: runs, setup: makeStore) { dispatchOnTwoThreads(count, to: $0) }
        return Row(
            workload:
                "19 shared store: two threads × \((count / 2).formatted) dispatches (floor: the reducer called in a "
                + "loop under one pthread mutex, on two threads)",
            store: store, floor: floor, note: "target ≤ 3x; totals must match")
    }

    /// Workload 19, against the same locked loop on one thread (all `count`
    /// calls, the mutex never contended): the ratio then also holds what two
    /// cores taking one lock cost.
    static func twoThreadsAgainstALockedLoopOnOneThread(_ count: Int, runs: Int) -> Row {
        let floor = Timing.of(runs: runs, setup: { LockedCounter(opaque(DispatchWorkloads.counter as Reducer<Int>)) }) {
            $0.run(count)
        }
        let store = Timing.of(runs: runs, setup: makeStore) { dispatchOnTwoThreads(count, to: $0) }
        return Row(
            workload:
                "19 shared store: two threads × \((count / 2).formatted) dispatches (floor: the same locked loop on "
                + "one thread, \(count.formatted) calls)",
            store: store, floor: floor, note: "contention included")
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

/// Workload 19's floor: a state and a reducer behind a pthread mutex, called
/// from two threads; nothing of a store.
final class LockedCounter: @unchecked Sendable {
    // Why no race is possible: `state` and `reducer` are used only between
    // `pthread_mutex_lock` and `pthread_mutex_unlock` of `mutex` (and the
    // reducer, a plain function, captures nothing).
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: Int
    private let reducer: Reducer<Int>

    init(_ reducer: @escaping Reducer<Int>) {
        self.reducer = reducer
        state = reducer(nil, DefaultAction())
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `count` reducer calls on this thread and returns the final state.
    func run(_ count: Int) -> Int {
        for _ in 0..<count {
            pthread_mutex_lock(mutex)
            state = reducer(state, DispatchWorkloads.Increment())
            pthread_mutex_unlock(mutex)
        }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return state
    }

    /// Runs `count / 2` reducer calls on each of two threads and returns the final state.
    func runOnTwoThreads(_ count: Int) -> Int {
        let group = DispatchGroup()
        for _ in 0..<2 {
            group.enter()
            Thread {
                for _ in 0..<(count / 2) {
                    pthread_mutex_lock(self.mutex)
                    self.state = self.reducer(self.state, DispatchWorkloads.Increment())
                    pthread_mutex_unlock(self.mutex)
                }
                group.leave()
            }.start()
        }
        group.wait()
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return state
    }
}
