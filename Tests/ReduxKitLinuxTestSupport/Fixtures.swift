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
/// middleware saw.
package final class Recorder<Value: Sendable>: Sendable {
    package init() {}

    private let storage = Locked<[Value]>([])

    package func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    package var values: [Value] {
        storage.withLock { $0 }
    }

    package var count: Int {
        storage.withLock { $0.count }
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
