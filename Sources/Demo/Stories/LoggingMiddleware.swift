import ReduxKitLinux

/// A logging middleware, as in ReduxKit's README: it prints each action with the
/// state before and after it, and a second middleware that turns a "double"
/// action into two increments dispatched from the top of the chain, so the
/// logger sees them too.
enum LoggingMiddleware {
    struct IncrementAction: Action {}
    struct DoubleIncrementAction: Action {}

    static func counterReducer(_ state: Int?, action: Action) -> Int {
        let state = state ?? 0
        return action is IncrementAction ? state + 1 : state
    }

    // Computed properties rather than `static let`: a stored global must be
    // `Sendable` in Swift 6, and middleware closures are not (the store runs them
    // one at a time, so they need not be).
    static var logger: Middleware<Int> {
        { api in
            { next in
                { action in
                    let before = api.getState()
                    let result = next(action)
                    print("[log] \(action.type): \(before) -> \(api.getState())")
                    return result
                }
            }
        }
    }

    static var doubler: Middleware<Int> {
        { api in
            { next in
                { action in
                    guard action is DoubleIncrementAction else { return next(action) }
                    _ = api.dispatch(IncrementAction())
                    return api.dispatch(IncrementAction())
                }
            }
        }
    }

    static func run() {
        printStoryTitle("Logging middleware")
        let store = createStore(counterReducer, nil, applyMiddleware(logger, doubler))
        store.dispatch(IncrementAction())
        store.dispatch(DoubleIncrementAction())
        print("final state: \(store.state)")
    }
}
