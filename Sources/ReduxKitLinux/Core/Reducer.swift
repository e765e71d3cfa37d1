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
/// A store calls its reducer with its lock held, one action at a time, so a
/// reducer need not be `Sendable`; it may not dispatch, subscribe or read the
/// store it belongs to.
public typealias Reducer<State> = (State?, any Action) -> State
