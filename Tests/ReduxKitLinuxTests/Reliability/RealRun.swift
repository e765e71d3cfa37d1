import ReduxKitLinux

/// Runs a program on the real store: the same steps `ReferenceStore.run`
/// takes, through `createStore`, `applyMiddleware`, a scoped store, and
/// subscribers that dispatch, dispose and subscribe from inside a round.
final class RealRun {
    private let store: Store<Int>
    private let child: Store<Int>
    private var handles: [any ReduxDisposable] = []
    private var received: [[Int]] = []
    private var budget = Program.nestedDispatchBudget

    /// Runs `program` and returns what it observed.
    static func run(_ program: Program) -> Observation {
        let run = RealRun(program)
        var results: [String] = []
        for operation in program.operations {
            switch operation {
            case .subscribe(let behavior): run.subscribe(behavior, isChild: false)
            case .subscribeChild(let behavior): run.subscribe(behavior, isChild: true)
            case .dispose(let target): run.dispose(target)
            case .dispatch(let action): results.append(describe(run.store.dispatch(action)))
            case .dispatchChild(let amount): results.append(describe(run.child.dispatch(ChildAdd(amount: amount))))
            case .replaceReducer(let kind): run.store.replaceReducer(Self.reducer(kind))
            }
        }
        return Observation(received: run.received, results: results, finalState: run.store.getState())
    }

    private static func reducer(_ kind: ReducerKind) -> Reducer<Int> {
        { state, action in kind.reduce(state ?? 0, action) }
    }

    private static func middleware(_ kind: MiddlewareKind) -> Middleware<Int> {
        switch kind {
        case .pass:
            return { _ in { next in { next($0) } } }
        case .double:
            return { _ in
                { next in
                    { action in
                        if case .add(let amount)? = action as? ModelAction { return next(ModelAction.add(amount * 2)) }
                        return next(action)
                    }
                }
            }
        case .swallow:
            return { _ in
                { next in
                    { action in
                        if case .noop? = action as? ModelAction { return ModelAction.swallowed }
                        return next(action)
                    }
                }
            }
        case .expand:
            return { api in
                { next in
                    { action in
                        guard case .expand(let count)? = action as? ModelAction else { return next(action) }
                        for _ in 0..<count { _ = api.dispatch(ModelAction.add(1)) }
                        return action
                    }
                }
            }
        }
    }

    private init(_ program: Program) {
        let reducer = Self.reducer(program.reducer)
        if program.middleware.isEmpty {
            store = createStore(reducer, program.initialState)
        } else {
            store = createStore(reducer, program.initialState, applyMiddleware(program.middleware.map(Self.middleware)))
        }
        child = store.view(value: childValue, action: { (action: ChildAdd) in ModelAction.add(action.amount) })
    }

    private func subscribe(_ behavior: Behavior, isChild: Bool) {
        let id = received.count
        received.append([])
        var calls = 0
        let target = isChild ? child : store
        let handle = target.subscribe { [unowned self, unowned target] value in
            received[id].append(value)
            calls += 1
            switch behavior {
            case .record:
                break
            case .dispatchOn(let residue, let modulus, let action):
                if modulo(value, modulus) == residue, budget > 0 {
                    budget -= 1
                    target.dispatch(action)
                }
            case .disposeOther(let target):
                if calls == 1 { dispose(target) }
            case .disposeSelfAfter(let limit):
                if calls == limit { dispose(id) }
            case .subscribeNew:
                if calls == 1 { subscribe(.record, isChild: false) }
            }
        }
        handles.append(handle)
    }

    private func dispose(_ target: Int) {
        if target < handles.count { handles[target].dispose() }
    }
}
