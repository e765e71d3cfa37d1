/// Lifts a reducer of part of the state (a child) to the whole state (its
/// parent), through a key path, so reducers written for a part compose into the
/// app's reducer with ``combineReducers(_:)-([InPlaceReducer<State>])``.
///
/// There are two forms. With `state:` alone, the child sees every action.
/// With `action:` too, the child sees only the actions it extracts, typed as its
/// own: the shape of a screen whose parts' actions are embedded as cases of the
/// parent's action enum. Children may be in-place reducers or optional-state
/// reducers. An optional-state child on an optional field receives `nil` until
/// it first sets the field, so its default applies:
///
/// ```swift
/// struct AppState { var count: Int! }
/// let appReducer = pullback(counterReducer, state: \AppState.count)
/// let store = createStore(appReducer, AppState())
/// ```
///
/// The child runs on the parent's field in place, so an in-place child copies
/// nothing.
///
/// - Parameters:
///   - reducer: The child's reducer, which sees every action.
///   - state: Where the child's state lives in the parent's.
/// - Returns: An in-place reducer of the parent's state.
public func pullback<Parent, Child>(
    _ reducer: @escaping InPlaceReducer<Child>,
    state: WritableKeyPath<Parent, Child>
) -> InPlaceReducer<Parent> {
    { parent, action in reducer(&parent[keyPath: state], action) }
}

/// Lifts an optional-state child reducer to its parent's state, through a key
/// path to a field that always has a value (so the child never receives `nil`).
///
/// - Parameters:
///   - reducer: The child's reducer, which sees every action.
///   - state: Where the child's state lives in the parent's.
/// - Returns: An in-place reducer of the parent's state.
public func pullback<Parent, Child>(
    _ reducer: @escaping Reducer<Child>,
    state: WritableKeyPath<Parent, Child>
) -> InPlaceReducer<Parent> {
    pullback(inPlace(reducer), state: state)
}

/// Lifts an optional-state child reducer to its parent's state, through a key
/// path to an optional field: the child receives `nil` until it first sets the
/// field, so its default applies.
///
/// - Parameters:
///   - reducer: The child's reducer, which sees every action.
///   - state: Where the child's state lives in the parent's.
/// - Returns: An in-place reducer of the parent's state.
public func pullback<Parent, Child>(
    _ reducer: @escaping Reducer<Child>,
    state: WritableKeyPath<Parent, Child?>
) -> InPlaceReducer<Parent> {
    pullback({ (child: inout Child?, action: any Action) in reduce(&child, with: reducer, action) }, state: state)
}

/// Lifts an in-place child reducer, typed on its own actions, to its parent's
/// state and actions: the child runs only for the actions `action` extracts.
///
/// ```swift
/// pullback(view1Reducer, state: \ParentState.view1State, action: { ($0 as? ParentActions)?.view1 })
/// ```
///
/// - Parameters:
///   - reducer: The child's reducer, on the child's state and action type.
///   - state: Where the child's state lives in the parent's.
///   - action: Extracts the child's action from a dispatched one, or returns
///     `nil` for actions that are not the child's.
/// - Returns: An in-place reducer of the parent's state.
public func pullback<Parent, Child, ChildAction>(
    _ reducer: @escaping (inout Child, ChildAction) -> Void,
    state: WritableKeyPath<Parent, Child>,
    action: @escaping (any Action) -> ChildAction?
) -> InPlaceReducer<Parent> {
    { parent, parentAction in
        guard let childAction = action(parentAction) else { return }
        reducer(&parent[keyPath: state], childAction)
    }
}

/// Lifts an in-place child reducer, typed on its own actions, to its parent's
/// state and actions, extracting the child's action with a key path of the
/// parent's action type (Idea.swift's `action: \.view1`): the child runs only
/// when the dispatched action is a `ParentAction` whose key path gives a value.
///
/// ```swift
/// pullback(view1Reducer, state: \ParentState.view1State, action: \ParentActions.view1)
/// ```
///
/// - Parameters:
///   - reducer: The child's reducer, on the child's state and action type.
///   - state: Where the child's state lives in the parent's.
///   - action: The path from the parent's action to the child's, `nil` for
///     other cases.
/// - Returns: An in-place reducer of the parent's state.
public func pullback<Parent, Child, ParentAction: Action, ChildAction>(
    _ reducer: @escaping (inout Child, ChildAction) -> Void,
    state: WritableKeyPath<Parent, Child>,
    action: KeyPath<ParentAction, ChildAction?>
) -> InPlaceReducer<Parent> {
    pullback(reducer, state: state, action: { ($0 as? ParentAction)?[keyPath: action] })
}

/// Lifts an optional-state child reducer, typed on its own actions, to its
/// parent's state and actions: the child runs only for the actions `action`
/// extracts, on a field that always has a value.
///
/// - Parameters:
///   - reducer: The child's reducer, on the child's state and action type.
///   - state: Where the child's state lives in the parent's.
///   - action: Extracts the child's action, or returns `nil`.
/// - Returns: An in-place reducer of the parent's state.
public func pullback<Parent, Child, ChildAction>(
    _ reducer: @escaping (Child?, ChildAction) -> Child,
    state: WritableKeyPath<Parent, Child>,
    action: @escaping (any Action) -> ChildAction?
) -> InPlaceReducer<Parent> {
    pullback(
        { (child: inout Child, childAction: ChildAction) in child = reducer(child, childAction) },
        state: state, action: action)
}

/// Lifts an optional-state child reducer, typed on its own actions, to its
/// parent's state and actions, on an optional field: the child receives `nil`
/// until it first sets the field, so its default applies.
///
/// - Parameters:
///   - reducer: The child's reducer, on the child's state and action type.
///   - state: Where the child's state lives in the parent's.
///   - action: Extracts the child's action, or returns `nil`.
/// - Returns: An in-place reducer of the parent's state.
public func pullback<Parent, Child, ChildAction>(
    _ reducer: @escaping (Child?, ChildAction) -> Child,
    state: WritableKeyPath<Parent, Child?>,
    action: @escaping (any Action) -> ChildAction?
) -> InPlaceReducer<Parent> {
    pullback(
        { (child: inout Child?, childAction: ChildAction) in child = reducer(child, childAction) },
        state: state, action: action)
}
