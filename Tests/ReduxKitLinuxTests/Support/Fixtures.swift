import Foundation
import ReduxKitLinux

// Actions, reducers and small helpers shared by the tests.

struct Increment: Action {
    var by = 1
}

struct Decrement: Action {
    var by = 1
}

struct SetValue: Action {
    let value: Int
}

struct Noop: Action {}

/// Adds and subtracts; starts from 0. The classic optional-state reducer.
func counterReducer(_ state: Int?, _ action: any Action) -> Int {
    let state = state ?? 0
    switch action {
    case let action as Increment: return state + action.by
    case let action as Decrement: return state - action.by
    case let action as SetValue: return action.value
    default: return state
    }
}

/// A thread-safe list of values, for recording what subscribers, reducers and
/// middleware saw. Its lock guards `storage`.
final class Recorder<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []

    func append(_ value: Value) {
        lock.withLock { storage.append(value) }
    }

    var values: [Value] {
        lock.withLock { storage }
    }

    var count: Int {
        lock.withLock { storage.count }
    }
}

/// An object whose lifetime tests watch through a weak reference.
final class Sentinel: Sendable {}

/// Holds a store weakly so a reducer or subscriber can reach its own store
/// without a cycle. Set once before use.
final class StoreReference<State>: @unchecked Sendable {
    weak var store: Store<State>?
}
