/// Binds a ``StandardAction`` type to a dispatch function: the result creates
/// the action from a payload and dispatches it in one call.
///
/// ```swift
/// let increment = bindActionCreators(IncrementAction.self, dispatch: store.dispatch)
/// increment(5)    // dispatches IncrementAction(payload: 5, meta: nil, error: false)
/// increment(nil)  // the action's default payload
/// ```
///
/// - Parameters:
///   - type: The action type to create.
///   - dispatch: Where to send the actions, usually `store.dispatch`.
/// - Returns: A function that dispatches a new action with the given payload.
public func bindActionCreators<A: StandardAction>(
    _ type: A.Type,
    dispatch: @escaping DispatchFunction
) -> (A.PayloadType?) -> Void {
    { payload in
        _ = dispatch(A(payload: payload, meta: nil, error: false))
    }
}
