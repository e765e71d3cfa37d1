import Foundation

@testable import ReduxKitLinux

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
/// middleware saw.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Locked<[Value]>([])

    func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    var values: [Value] {
        storage.withLock { $0 }
    }

    var count: Int {
        storage.withLock { $0.count }
    }
}

/// An object whose lifetime tests watch through a weak reference.
final class Sentinel: Sendable {}

/// Holds a store weakly so a reducer or subscriber can reach its own store
/// without a cycle. Set once before use. Like the store, it lives in the
/// store's domain.
final class StoreReference<State> {
    weak var store: Store<State>?
}
