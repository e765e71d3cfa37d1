/// Combines in-place reducers into one that runs each of them in turn, in
/// order, on the same state.
///
/// ```swift
/// let appReducer = combineReducers(
///     pullback(todosReducer, state: \AppState.todos),
///     pullback(filterReducer, state: \AppState.filter)
/// )
/// ```
///
/// With no reducers, the result leaves the state unchanged.
///
/// - Parameter reducers: The reducers, run first to last.
/// - Returns: An in-place reducer that runs them all.
public func combineReducers<State>(_ reducers: [InPlaceReducer<State>]) -> InPlaceReducer<State> {
    { state, action in
        for reducer in reducers {
            reducer(&state, action)
        }
    }
}

/// Combines in-place reducers into one that runs each of them in turn, in
/// order, on the same state; see ``combineReducers(_:)-([InPlaceReducer<State>])``.
///
/// - Parameter reducers: The reducers, run first to last.
/// - Returns: An in-place reducer that runs them all.
public func combineReducers<State>(_ reducers: InPlaceReducer<State>...) -> InPlaceReducer<State> {
    combineReducers(reducers)
}

/// Combines optional-state reducers into one that runs each of them in turn,
/// in order: the first receives the state as given (`nil` the first time, so
/// its default applies), each next one the state the previous one returned.
///
/// Stops the process when `reducers` is empty, since then nothing could supply
/// the initial state.
///
/// - Parameter reducers: The reducers, run first to last; at least one.
/// - Returns: An optional-state reducer that runs them all.
public func combineReducers<State>(_ reducers: [Reducer<State>]) -> Reducer<State> {
    guard let first = reducers.first else { Misuse.fail(Misuse.combineNoReducers) }
    // Each reducer gets the state the previous one returned, moved into it,
    // so reducers that change their state in place copy nothing. Chained
    // once, here, so a dispatch makes one call per reducer and no loop.
    return reducers.dropFirst().reduce(first) { earlier, next in
        { state, action in next(earlier(consume state, action), action) }
    }
}

/// Combines optional-state reducers into one that runs each of them in turn;
/// see ``combineReducers(_:)-([Reducer<State>])``.
///
/// - Parameter reducers: The reducers, run first to last; at least one.
/// - Returns: An optional-state reducer that runs them all.
public func combineReducers<State>(_ reducers: Reducer<State>...) -> Reducer<State> {
    combineReducers(reducers)
}
