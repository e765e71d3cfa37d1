extension AsyncThunk {
    /// This thunk's ``Pending``, ``Fulfilled`` or ``Rejected`` action, or `nil`.
    func lifecycleAction(_ action: any Action) -> (any AsyncThunkLifecycleAction)? {
        if let action = pending(action) { return action }
        if let action = fulfilled(action) { return action }
        return rejected(action)
    }
}

/// A matcher for the lifecycle actions of `thunks` (of any async thunk, if
/// none is given) that satisfy `test`. The thunks come as a parameter pack, so
/// thunks of different types need no type-erasing protocol.
private func matcher<each S: Sendable, each A: Sendable, each V: Sendable>(
    _ thunks: repeat AsyncThunk<each S, each A, each V>,
    test: @escaping @Sendable (any AsyncThunkLifecycleAction) -> Bool
) -> @Sendable (any Action) -> Bool {
    var matchers: [@Sendable (any Action) -> (any AsyncThunkLifecycleAction)?] = []
    for thunk in repeat each thunks { matchers.append(thunk.lifecycleAction) }
    return { [matchers] action in
        if matchers.isEmpty {
            guard let lifecycle = action as? any AsyncThunkLifecycleAction else { return false }
            return test(lifecycle)
        }
        return matchers.contains { match in match(action).map(test) ?? false }
    }
}

/// Whether `action` is a lifecycle action of any async thunk (Redux Toolkit's
/// `isAsyncThunkAction(action)`).
///
/// - Parameter action: A dispatched action.
/// - Returns: Whether it is a pending, fulfilled or rejected action.
public func isAsyncThunkAction(_ action: any Action) -> Bool {
    action is any AsyncThunkLifecycleAction
}

/// A matcher for the lifecycle actions of `thunks`, or of any async thunk if
/// none is given (Redux Toolkit's `isAsyncThunkAction(thunkA, thunkB)`).
///
/// - Parameter thunks: The thunks to match.
/// - Returns: A function telling whether an action is one of theirs.
public func isAsyncThunkAction<each S: Sendable, each A: Sendable, each V: Sendable>(
    _ thunks: repeat AsyncThunk<each S, each A, each V>
) -> @Sendable (any Action) -> Bool {
    matcher(repeat each thunks, test: { _ in true })
}

/// Whether `action` is the pending action of any async thunk.
///
/// - Parameter action: A dispatched action.
/// - Returns: Whether it is a ``AsyncThunk/Pending`` action.
public func isPending(_ action: any Action) -> Bool {
    (action as? any AsyncThunkLifecycleAction)?.requestStatus == .pending
}

/// A matcher for the pending actions of `thunks`, or of any async thunk if
/// none is given (Redux Toolkit's `isPending(thunkA, thunkB)`).
///
/// ```swift
/// if isPending(loadTodos, loadUser)(action) { state.loading = true }
/// ```
///
/// - Parameter thunks: The thunks to match.
/// - Returns: A function telling whether an action is the pending action of one of them.
public func isPending<each S: Sendable, each A: Sendable, each V: Sendable>(
    _ thunks: repeat AsyncThunk<each S, each A, each V>
) -> @Sendable (any Action) -> Bool {
    matcher(repeat each thunks, test: { $0.requestStatus == .pending })
}

/// Whether `action` is the fulfilled action of any async thunk.
///
/// - Parameter action: A dispatched action.
/// - Returns: Whether it is a ``AsyncThunk/Fulfilled`` action.
public func isFulfilled(_ action: any Action) -> Bool {
    (action as? any AsyncThunkLifecycleAction)?.requestStatus == .fulfilled
}

/// A matcher for the fulfilled actions of `thunks`, or of any async thunk if
/// none is given (Redux Toolkit's `isFulfilled(thunkA, thunkB)`).
///
/// - Parameter thunks: The thunks to match.
/// - Returns: A function telling whether an action is the fulfilled action of one of them.
public func isFulfilled<each S: Sendable, each A: Sendable, each V: Sendable>(
    _ thunks: repeat AsyncThunk<each S, each A, each V>
) -> @Sendable (any Action) -> Bool {
    matcher(repeat each thunks, test: { $0.requestStatus == .fulfilled })
}

/// Whether `action` is the rejected action of any async thunk.
///
/// - Parameter action: A dispatched action.
/// - Returns: Whether it is a ``AsyncThunk/Rejected`` action.
public func isRejected(_ action: any Action) -> Bool {
    (action as? any AsyncThunkLifecycleAction)?.requestStatus == .rejected
}

/// A matcher for the rejected actions of `thunks`, or of any async thunk if
/// none is given (Redux Toolkit's `isRejected(thunkA, thunkB)`).
///
/// - Parameter thunks: The thunks to match.
/// - Returns: A function telling whether an action is the rejected action of one of them.
public func isRejected<each S: Sendable, each A: Sendable, each V: Sendable>(
    _ thunks: repeat AsyncThunk<each S, each A, each V>
) -> @Sendable (any Action) -> Bool {
    matcher(repeat each thunks, test: { $0.requestStatus == .rejected })
}

/// Whether `action` is the rejected action of any async thunk whose body
/// rejected with a value.
///
/// - Parameter action: A dispatched action.
/// - Returns: Whether it is a ``AsyncThunk/Rejected`` action with a rejected value.
public func isRejectedWithValue(_ action: any Action) -> Bool {
    (action as? any RejectedLifecycleAction)?.wasRejectedWithValue == true
}

/// A matcher for the rejected actions of `thunks` (of any async thunk if none
/// is given) whose body rejected with a value (Redux Toolkit's
/// `isRejectedWithValue(thunkA, thunkB)`).
///
/// - Parameter thunks: The thunks to match.
/// - Returns: A function telling whether an action is such a rejected action of one of them.
public func isRejectedWithValue<each S: Sendable, each A: Sendable, each V: Sendable>(
    _ thunks: repeat AsyncThunk<each S, each A, each V>
) -> @Sendable (any Action) -> Bool {
    matcher(repeat each thunks, test: { ($0 as? any RejectedLifecycleAction)?.wasRejectedWithValue == true })
}
