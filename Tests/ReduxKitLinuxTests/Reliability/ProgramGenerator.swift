import ReduxKitLinuxTestSupport

/// Generates random programs from a seed, and shrinks failing ones.
enum ProgramGenerator {
    /// The program for `seed`: the same seed always gives the same program.
    static func program(seed: UInt64) -> Program {
        var random = SplitMix64(seed: seed)
        let initialState: Int? = Bool.random(using: &random) ? nil : Int.random(in: -5...5, using: &random)
        let reducer = ReducerKind.allCases.randomElement(using: &random)!
        let middlewareCount = Int.random(in: 0...3, using: &random)
        let middleware = (0..<middlewareCount).map { _ in MiddlewareKind.allCases.randomElement(using: &random)! }
        let length = Int.random(in: 5...40, using: &random)
        var operations: [Operation] = []
        var subscriptions = 0
        for _ in 0..<length {
            let roll = Int.random(in: 0..<100, using: &random)
            switch roll {
            case ..<20:
                operations.append(.subscribe(behavior(&random, subscriptions: subscriptions)))
                subscriptions += 1
            case ..<30:
                operations.append(.subscribeChild(behavior(&random, subscriptions: subscriptions)))
                subscriptions += 1
            case ..<42:
                operations.append(.dispose(Int.random(in: 0...max(0, subscriptions), using: &random)))
            case ..<82:
                operations.append(.dispatch(action(&random)))
            case ..<92:
                operations.append(.dispatchChild(Int.random(in: 1...4, using: &random)))
            default:
                operations.append(.replaceReducer(ReducerKind.allCases.randomElement(using: &random)!))
            }
        }
        return Program(initialState: initialState, reducer: reducer, middleware: middleware, operations: operations)
    }

    private static func action(_ random: inout SplitMix64) -> ModelAction {
        switch Int.random(in: 0..<10, using: &random) {
        case ..<6: .add(Int.random(in: 1...5, using: &random))
        case ..<8: .noop
        default: .expand(Int.random(in: 1...3, using: &random))
        }
    }

    private static func behavior(_ random: inout SplitMix64, subscriptions: Int) -> Behavior {
        switch Int.random(in: 0..<100, using: &random) {
        case ..<40: .record
        case ..<65:
            .dispatchOn(
                residue: Int.random(in: 0..<3, using: &random), modulus: 3,
                action: Int.random(in: 0..<4, using: &random) == 0
                    ? .expand(1) : .add(Int.random(in: 1...3, using: &random)))
        case ..<78: .disposeOther(target: Int.random(in: 0...subscriptions, using: &random))
        case ..<90: .disposeSelfAfter(calls: Int.random(in: 1...3, using: &random))
        default: .subscribeNew
        }
    }

    /// Shrinks a failing program: drops steps and middleware and turns
    /// behaviours into plain recording while it still fails, until nothing more
    /// can go.
    static func shrink(_ program: Program, stillFails: (Program) -> Bool) -> Program {
        var smallest = program
        var changed = true
        while changed {
            changed = false
            var index = 0
            while index < smallest.operations.count {
                var candidate = smallest
                candidate.operations.remove(at: index)
                if stillFails(candidate) {
                    smallest = candidate
                    changed = true
                } else {
                    index += 1
                }
            }
            for index in smallest.middleware.indices.reversed() {
                var candidate = smallest
                candidate.middleware.remove(at: index)
                if stillFails(candidate) {
                    smallest = candidate
                    changed = true
                }
            }
            for index in smallest.operations.indices {
                var candidate = smallest
                switch candidate.operations[index] {
                case .subscribe(let behavior) where behavior != .record:
                    candidate.operations[index] = .subscribe(.record)
                case .subscribeChild(let behavior) where behavior != .record:
                    candidate.operations[index] = .subscribeChild(.record)
                default:
                    continue
                }
                if stillFails(candidate) {
                    smallest = candidate
                    changed = true
                }
            }
        }
        return smallest
    }
}
