import Foundation

@testable import ReduxKitLinux

// Actions, reducers and small helpers shared by the tests.

package struct Increment: Action {
    package var by = 1
    package init(by: Int = 1) { self.by = by }
}

package struct Decrement: Action {
    package var by = 1
    package init(by: Int = 1) { self.by = by }
}

package struct SetValue: Action {
    package let value: Int
    package init(value: Int) { self.value = value }
}

package struct Noop: Action {
    package init() {}
}

/// Adds and subtracts; starts from 0. The classic optional-state reducer.
package func counterReducer(_ state: Int?, _ action: any Action) -> Int {
    let state = state ?? 0
    switch action {
    case let action as Increment: return state + action.by
    case let action as Decrement: return state - action.by
    case let action as SetValue: return action.value
    default: return state
    }
}

/// A thread-safe list of values, for recording what subscribers, reducers and
/// middleware saw; a test can wait for a number of them.
package final class Recorder<Value: Sendable>: Sendable {
    package init() {}

    private struct Storage: Sendable {
        var values: [Value] = []
        /// Waits parked until as many values as their tag are recorded.
        var waiters = ParkedWaiters<Void, Int>()
    }

    private let storage = Locked(Storage())

    package func append(_ value: Value) {
        let reached = storage.withLock { storage in
            storage.values.append(value)
            let count = storage.values.count
            return storage.waiters.take { $0 <= count }
        }
        for waiter in reached { waiter.continuation.resume() }
    }

    package var values: [Value] {
        storage.withLock { $0.values }
    }

    package var count: Int {
        storage.withLock { $0.values.count }
    }

    /// Waits until at least `count` values are recorded (at once if they
    /// are), then returns the values. No deadline: woken by ``append(_:)``,
    /// or by the waiting task's cancellation (a suite's time limit), which
    /// returns the values recorded so far.
    package func wait(forCount count: Int) async -> [Value] {
        await storage.park(in: \.waiters, tag: count, whenCancelled: ()) { $0.values.count >= count ? () : nil }
        return values
    }
}

/// An object whose lifetime tests watch through a weak reference.
package final class Sentinel: Sendable {
    package init() {}
}

/// Holds a store weakly so a reducer or subscriber can reach its own store
/// without a cycle. Set once before use. Like the store, it lives in the
/// store's domain.
package final class StoreReference<State> {
    package weak var store: Store<State>?
    package init() {}
}

/// Waits until the shared store's state satisfies `condition` (at once if it
/// does), then returns that state: woken by each new state, never polled, and
/// with no deadline (a suite's time limit ends a wait that never ends).
package func until<State: Sendable>(
    _ store: SharedStore<State>, _ condition: @Sendable (State) -> Bool
) async -> State {
    for await state in store.states(bufferingPolicy: .unbounded) where condition(state) { return state }
    return store.state
}

/// Waits until the first of `waits` ends, then cancels the others: for a test
/// that goes on at whichever of two events comes first (each wait must return
/// when its task is cancelled).
package func firstOf(_ waits: [@Sendable () async -> Void]) async {
    await withTaskGroup(of: Void.self) { group in
        for wait in waits { group.addTask { await wait() } }
        await group.next()
        group.cancelAll()
    }
}
