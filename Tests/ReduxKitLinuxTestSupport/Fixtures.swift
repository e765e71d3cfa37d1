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
        /// Waits parked until `count` values are recorded.
        var waiters: [UInt64: (count: Int, continuation: CheckedContinuation<Void, Never>)] = [:]
        var nextWaiter: UInt64 = 0
        /// Waits cancelled before they had parked their continuation.
        var cancelled: Set<UInt64> = []
    }

    private let storage = Locked(Storage())

    package func append(_ value: Value) {
        let reached = storage.withLock { storage -> [CheckedContinuation<Void, Never>] in
            storage.values.append(value)
            let reached = storage.waiters.filter { $0.value.count <= storage.values.count }
            for key in reached.keys { storage.waiters.removeValue(forKey: key) }
            return reached.values.map(\.continuation)
        }
        for continuation in reached { continuation.resume() }
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
        let id = storage.withLock { storage in
            defer { storage.nextWaiter &+= 1 }
            return storage.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let done = storage.withLock { storage -> Bool in
                    if storage.values.count >= count || storage.cancelled.remove(id) != nil { return true }
                    storage.waiters[id] = (count, continuation)
                    return false
                }
                if done { continuation.resume() }
            }
        } onCancel: {
            let parked = storage.withLock { storage in
                let parked = storage.waiters.removeValue(forKey: id)
                if parked == nil { storage.cancelled.insert(id) }
                return parked
            }
            parked?.continuation.resume()
        }
        // A cancellation noted after the wait ended is forgotten with it.
        return storage.withLock { storage in
            storage.cancelled.remove(id)
            return storage.values
        }
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
