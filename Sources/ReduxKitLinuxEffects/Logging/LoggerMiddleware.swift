/// A middleware that logs each action: its type, the state before and after,
/// and the time the dispatch took (the reducer, the middleware after this one,
/// and the subscribers).
///
/// ```swift
/// let store = createStore(appReducer, nil, applyMiddleware(loggerMiddleware()))
/// // action IncrementAction in 2.1 µs
/// //   before: AppState(count: 0)
/// //   after:  AppState(count: 1)
/// ```
///
/// A thunk or an async thunk changes no state itself: it is logged as one line,
/// when it starts, and the actions it dispatches (an async thunk's `pending`,
/// `fulfilled` or `rejected`) follow as entries of their own, each with the
/// state it changed.
///
/// ```
/// thunk items/load started
/// action items/load/pending in 3.2 µs
///   before: idle
///   after:  loading
/// ```
///
/// It costs nothing unless installed. The functions it is given run inside the
/// dispatch, in the store's domain, so they need not be thread-safe.
///
/// - Parameters:
///   - filter: Which actions to log; all by default.
///   - describe: How to show a state; `String(describing:)` by default. Give a
///     short description for a large state.
///   - write: Where each entry goes; standard output by default.
/// - Returns: The middleware.
public func loggerMiddleware<State>(
    filter: @escaping (any Action) -> Bool = { _ in true },
    describe: @escaping (State) -> String = { String(describing: $0) },
    write: @escaping (String) -> Void = { print($0) }
) -> Middleware<State> {
    { api in
        { next in
            { action in
                guard filter(action) else { return next(action) }
                if action.startsAnEffect {
                    write("thunk \(action.type) started")
                    return next(action)
                }
                let before = api.getState()
                let clock = ContinuousClock()
                let started = clock.now
                let result = next(action)
                let elapsed = clock.now - started
                write(
                    """
                    action \(action.type) in \(elapsed.logDescription)
                      before: \(describe(before))
                      after:  \(describe(api.getState()))
                    """)
                return result
            }
        }
    }
}

/// A logging middleware that writes to a text output stream (a class, such as
/// a log file wrapper, since the middleware keeps it); see
/// ``loggerMiddleware(filter:describe:write:)``.
///
/// - Parameters:
///   - stream: Where each entry goes, followed by a newline.
///   - filter: Which actions to log; all by default.
///   - describe: How to show a state; `String(describing:)` by default.
/// - Returns: The middleware.
public func loggerMiddleware<State, Stream: TextOutputStream & AnyObject>(
    to stream: Stream,
    filter: @escaping (any Action) -> Bool = { _ in true },
    describe: @escaping (State) -> String = { String(describing: $0) }
) -> Middleware<State> {
    loggerMiddleware(filter: filter, describe: describe) { entry in
        var stream = stream
        stream.write(entry + "\n")
    }
}

extension Action {
    /// Whether this action starts a thunk or an async thunk (also on its way up
    /// from a scoped store) rather than changing the state itself.
    fileprivate var startsAnEffect: Bool {
        self is any ScopeHandledAction || self is ScopedEffectRequest
    }
}

extension Duration {
    /// A short reading for logs: ns, µs or ms.
    var logDescription: String {
        let (seconds, attoseconds) = components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        switch nanoseconds {
        case ..<1_000: return "\(Int(nanoseconds.rounded())) ns"
        case ..<1_000_000: return "\((nanoseconds / 100).rounded() / 10) µs"
        default: return "\((nanoseconds / 100_000).rounded() / 10) ms"
        }
    }
}
