import ReduxKitLinux

// Random programs against the store, and what a run of one observes. The same
// program runs on the real store (ModelRunner.runReal) and on a reference model
// (ReferenceStore), and the observations must match.

/// The actions programs dispatch. The state is an `Int`.
enum ModelAction: Action, Equatable, CustomStringConvertible {
    /// Adds (or, depending on the reducer, doubles or subtracts) its amount.
    case add(Int)
    /// Changes nothing; the `swallow` middleware drops it.
    case noop
    /// Changes nothing itself; the `expand` middleware dispatches `add(1)` this many times.
    case expand(Int)
    /// What the `swallow` middleware returns instead of a `noop`.
    case swallowed

    var description: String {
        switch self {
        case .add(let amount): "add(\(amount))"
        case .noop: "noop"
        case .expand(let count): "expand(\(count))"
        case .swallowed: "swallowed"
        }
    }
}

/// A child action, dispatched to the scoped store, which embeds it as `.add(amount)`.
struct ChildAdd: Action, Equatable, CustomStringConvertible {
    let amount: Int
    var description: String { "childAdd(\(amount))" }
}

/// The reducers a program starts with or swaps in.
enum ReducerKind: Int, CaseIterable, CustomStringConvertible {
    case adds, doubles, subtracts

    func reduce(_ state: Int, _ action: any Action) -> Int {
        guard case .add(let amount)? = action as? ModelAction else { return state }
        switch self {
        case .adds: return state &+ amount
        case .doubles: return state &+ 2 &* amount
        case .subtracts: return state &- amount
        }
    }

    var description: String {
        switch self {
        case .adds: "adds"
        case .doubles: "doubles"
        case .subtracts: "subtracts"
        }
    }
}

/// The middleware a program's store may have, outermost first.
enum MiddlewareKind: CaseIterable, CustomStringConvertible {
    /// Passes every action on.
    case pass
    /// Doubles the amount of an `add`.
    case double
    /// Drops `noop`, returning `swallowed` instead.
    case swallow
    /// Turns `expand(n)` into `n` dispatches of `add(1)` from the top of the chain.
    case expand

    var description: String {
        switch self {
        case .pass: "pass"
        case .double: "double"
        case .swallow: "swallow"
        case .expand: "expand"
        }
    }
}

/// What a subscriber does each time it is called, after recording what it received.
enum Behavior: Equatable, CustomStringConvertible {
    /// Only records.
    case record
    /// Dispatches `action` (to the store it subscribed to) when the value it
    /// received is `residue` modulo `modulus`, while the program's budget of
    /// nested dispatches lasts.
    case dispatchOn(residue: Int, modulus: Int, action: ModelAction)
    /// On its first call, disposes the program's subscription number `target`.
    case disposeOther(target: Int)
    /// Disposes itself on its `calls`-th call.
    case disposeSelfAfter(calls: Int)
    /// On its first call, subscribes a new recording subscriber to the root store.
    case subscribeNew

    var description: String {
        switch self {
        case .record: "record"
        case .dispatchOn(let residue, let modulus, let action):
            "dispatch \(action) when value % \(modulus) == \(residue)"
        case .disposeOther(let target): "dispose #\(target) on first call"
        case .disposeSelfAfter(let calls): "dispose itself after \(calls) calls"
        case .subscribeNew: "subscribe a new recorder on first call"
        }
    }
}

/// One step of a program.
enum Operation: Equatable, CustomStringConvertible {
    case subscribe(Behavior)
    /// Subscribes to the scoped store (`state % 7`, repeats skipped).
    case subscribeChild(Behavior)
    case dispose(Int)
    case dispatch(ModelAction)
    case dispatchChild(Int)
    case replaceReducer(ReducerKind)

    var description: String {
        switch self {
        case .subscribe(let behavior): "subscribe: \(behavior)"
        case .subscribeChild(let behavior): "subscribe to child: \(behavior)"
        case .dispose(let target): "dispose #\(target)"
        case .dispatch(let action): "dispatch \(action)"
        case .dispatchChild(let amount): "dispatch childAdd(\(amount)) to child"
        case .replaceReducer(let kind): "replace reducer with \(kind)"
        }
    }
}

/// A whole program: how the store is made, then its steps.
struct Program: CustomStringConvertible {
    var initialState: Int?
    var reducer: ReducerKind
    var middleware: [MiddlewareKind]
    var operations: [Operation]

    /// How many nested dispatches subscribers may make in one run.
    static let nestedDispatchBudget = 12

    var description: String {
        var lines = [
            "createStore(\(reducer), \(initialState.map(String.init) ?? "nil"), middleware: \(middleware))"
        ]
        lines += operations.enumerated().map { "  \($0.offset): \($0.element)" }
        return lines.joined(separator: "\n")
    }
}

/// Everything a run observes; two runs of a program must observe the same.
struct Observation: Equatable {
    /// For each subscription, in order of subscription, the values it received.
    var received: [[Int]] = []
    /// What each top-level dispatch returned.
    var results: [String] = []
    var finalState = 0
}

/// Describes a dispatch result the same way on both sides.
func describe(_ action: any Action) -> String {
    if let action = action as? ModelAction { return action.description }
    if let action = action as? ChildAdd { return action.description }
    return action.type
}

/// The scoped store's view of the state.
func childValue(_ state: Int) -> Int {
    modulo(state, 7)
}

/// `value` modulo `modulus`, never negative.
func modulo(_ value: Int, _ modulus: Int) -> Int {
    ((value % modulus) + modulus) % modulus
}
