import ReduxKitLinux

/// The store's contract written as plainly as possible (arrays and loops, no
/// locks, no snapshots, no compaction), to check the real store against.
///
/// A dispatch runs the middleware, then the reducer, counts a new version, and
/// walks the subscriptions that existed when the round began, calling each one
/// that is not disposed and has not yet received the current version, with the
/// current state. Subscribers may dispatch, dispose and subscribe while it walks.
final class ReferenceStore {
    struct Subscription {
        let behavior: Behavior
        let isChild: Bool
        var lastVersion: Int
        /// For a child subscription, the last child value delivered (or the one
        /// at subscribe time).
        var lastChildValue: Int
        var disposed = false
        var calls = 0
        var received: [Int] = []
    }

    private var state: Int
    private var version = 0
    private var reducer: ReducerKind
    private let middleware: [MiddlewareKind]
    private var subscriptions: [Subscription] = []
    private var budget = Program.nestedDispatchBudget

    /// Runs `program` and returns what it observed.
    static func run(_ program: Program) -> Observation {
        let store = ReferenceStore(program)
        var results: [String] = []
        for operation in program.operations {
            switch operation {
            case .subscribe(let behavior): store.subscribe(behavior, isChild: false)
            case .subscribeChild(let behavior): store.subscribe(behavior, isChild: true)
            case .dispose(let target): store.dispose(target)
            case .dispatch(let action): results.append(store.dispatch(action))
            case .dispatchChild(let amount): results.append(store.dispatch(ModelAction.add(amount)))
            case .replaceReducer(let kind):
                store.reducer = kind
                _ = store.reduceAndNotify(ReplaceReducerAction())
            }
        }
        return Observation(received: store.subscriptions.map(\.received), results: results, finalState: store.state)
    }

    private init(_ program: Program) {
        reducer = program.reducer
        middleware = program.middleware
        state = program.initialState ?? 0
    }

    private func subscribe(_ behavior: Behavior, isChild: Bool) {
        subscriptions.append(
            Subscription(behavior: behavior, isChild: isChild, lastVersion: version, lastChildValue: childValue(state)))
    }

    private func dispose(_ target: Int) {
        if target < subscriptions.count { subscriptions[target].disposed = true }
    }

    private func dispatch(_ action: any Action) -> String {
        runMiddleware(from: 0, action)
    }

    private func runMiddleware(from index: Int, _ action: any Action) -> String {
        guard index < middleware.count else { return reduceAndNotify(action) }
        let modelAction = action as? ModelAction
        switch middleware[index] {
        case .pass:
            return runMiddleware(from: index + 1, action)
        case .double:
            if case .add(let amount)? = modelAction {
                return runMiddleware(from: index + 1, ModelAction.add(amount * 2))
            }
            return runMiddleware(from: index + 1, action)
        case .swallow:
            if case .noop? = modelAction { return ModelAction.swallowed.description }
            return runMiddleware(from: index + 1, action)
        case .expand:
            if case .expand(let count)? = modelAction {
                for _ in 0..<count { _ = dispatch(ModelAction.add(1)) }
                return describe(action)
            }
            return runMiddleware(from: index + 1, action)
        }
    }

    private func reduceAndNotify(_ action: any Action) -> String {
        state = reducer.reduce(state, action)
        version += 1
        let end = subscriptions.count
        for index in 0..<end where !subscriptions[index].disposed && subscriptions[index].lastVersion < version {
            subscriptions[index].lastVersion = version
            if subscriptions[index].isChild {
                let value = childValue(state)
                if value == subscriptions[index].lastChildValue { continue }
                subscriptions[index].lastChildValue = value
                act(index, value)
            } else {
                act(index, state)
            }
        }
        return describe(action)
    }

    private func act(_ index: Int, _ value: Int) {
        subscriptions[index].received.append(value)
        subscriptions[index].calls += 1
        let calls = subscriptions[index].calls
        switch subscriptions[index].behavior {
        case .record:
            break
        case .dispatchOn(let residue, let modulus, let action):
            if modulo(value, modulus) == residue, budget > 0 {
                budget -= 1
                _ = dispatch(action)
            }
        case .disposeOther(let target):
            if calls == 1 { dispose(target) }
        case .disposeSelfAfter(let limit):
            if calls == limit { dispose(index) }
        case .subscribeNew:
            if calls == 1 { subscribe(.record, isChild: false) }
        }
    }
}
