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

/// A value shared between threads in tests; its lock guards `value`. (NSLock,
/// not `Mutex`, which the thread sanitizer cannot see on Linux.)
final class Guarded<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}

/// A thread-safe list of values, for recording what subscribers, reducers and
/// middleware saw.
final class Recorder<Value>: Sendable {
    private let storage = Guarded<[Value]>([])

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
/// without a cycle. Set once before use.
final class StoreReference<State>: @unchecked Sendable {
    weak var store: Store<State>?
}
