/// A reducer: a pure function from the previous state and an action to the next
/// state.
///
/// The state is optional so that each reducer owns its default: it receives `nil`
/// the first time (with ``DefaultAction``) and answers with its initial state.
/// Reducers recognise actions by casting them, and return the state unchanged
/// for actions they do not handle.
///
/// ```swift
/// func counterReducer(_ state: Int?, action: any Action) -> Int {
///     let state = state ?? 0
///     switch action {
///     case let action as IncrementAction: return state + action.payload
///     default: return state
///     }
/// }
/// ```
///
/// A store calls its reducer in its own domain, one action at a time, so a
/// reducer need not be `Sendable`; it may not dispatch, subscribe or read the
/// store it belongs to.
///
/// A reducer that returns a new state copies it; for a large state, prefer an
/// ``InPlaceReducer``, which the store runs on its state in place.
public typealias Reducer<State> = (State?, any Action) -> State

/// A reducer that changes the state in place: `(inout State, any Action) -> Void`.
///
/// The store passes its own state, so appending to a large array in the state
/// costs what appending to a plain array costs: nothing is copied. Use one with
/// `createStore(_:_:_:)` (which then takes the initial state, since an in-place
/// reducer has no default to fill in) and with the composition helpers
/// `combineReducers` and `pullback`.
///
/// ```swift
/// func todosReducer(_ todos: inout [String], _ action: any Action) {
///     if let add = action as? AddTodo { todos.append(add.title) }
/// }
/// ```
///
/// The same rules apply as for ``Reducer``: it runs in the store's domain
/// and may not use its own store.
public typealias InPlaceReducer<State> = (inout State, any Action) -> Void

/// Turns an optional-state reducer into an in-place one: the state is passed to
/// `reducer` and replaced with its result.
@inlinable
func inPlace<State>(_ reducer: @escaping Reducer<State>) -> InPlaceReducer<State> {
    { state, action in state = reducer(state, action) }
}
