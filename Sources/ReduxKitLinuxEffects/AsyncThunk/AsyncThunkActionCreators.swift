/// Lifecycle actions made by hand (Redux Toolkit's `thunk.pending(requestId, arg)`,
/// `thunk.fulfilled(value, requestId, arg)`, `thunk.rejected(error, requestId, arg)`),
/// so a reducer's handling of a thunk can be tested without running it:
///
/// ```swift
/// let id = RequestID(1)
/// var state = reducer(nil, load.pending(requestID: id, argument: "a"))
/// state = reducer(state, load.fulfilled(["x"], requestID: id, argument: "a"))
/// ```
///
/// (The matchers `pending(_:)`, `fulfilled(_:)` and `rejected(_:)` take one
/// unlabelled action; these take labelled fields, so the two never clash.)
extension AsyncThunk {
    /// This thunk's ``Pending`` action for a run.
    ///
    /// - Parameters:
    ///   - requestID: The run.
    ///   - argument: The argument the run started with.
    ///   - meta: A meta, as the thunk's `pendingMeta` gives.
    /// - Returns: The action.
    public func pending(requestID: RequestID, argument: Argument, meta: (any Sendable)? = nil) -> Pending {
        Pending(typePrefix: typePrefix, requestID: requestID, argument: argument, meta: meta)
    }

    /// This thunk's ``Fulfilled`` action for a run that returned `value`.
    ///
    /// - Parameters:
    ///   - value: What the body returned.
    ///   - requestID: The run.
    ///   - argument: The argument the run started with.
    ///   - meta: A meta, as `fulfillWithValue(_:meta:)` gives.
    /// - Returns: The action.
    public func fulfilled(_ value: Value, requestID: RequestID, argument: Argument, meta: (any Sendable)? = nil)
        -> Fulfilled
    {
        Fulfilled(typePrefix: typePrefix, requestID: requestID, argument: argument, value: value, meta: meta)
    }

    /// This thunk's ``Rejected`` action for a run that threw `error`, its
    /// ``Rejected/serializedError`` made by the thunk's `serializeError`.
    ///
    /// - Parameters:
    ///   - error: What the body threw.
    ///   - requestID: The run.
    ///   - argument: The argument the run started with.
    ///   - meta: A meta.
    /// - Returns: The action.
    public func rejected(_ error: any Error, requestID: RequestID, argument: Argument, meta: (any Sendable)? = nil)
        -> Rejected
    {
        Rejected(
            typePrefix: typePrefix, requestID: requestID, argument: argument, error: error,
            serializedError: options.serializeError(error), wasCancelled: error is CancellationError, meta: meta)
    }

    /// This thunk's ``Rejected`` action for a run the body rejected with
    /// `value` (``AsyncThunkContext/rejectWithValue(_:meta:)``).
    ///
    /// - Parameters:
    ///   - value: The rejected value.
    ///   - requestID: The run.
    ///   - argument: The argument the run started with.
    ///   - meta: A meta.
    /// - Returns: The action.
    public func rejected(
        withValue value: some Sendable, requestID: RequestID, argument: Argument, meta: (any Sendable)? = nil
    ) -> Rejected {
        Rejected(
            typePrefix: typePrefix, requestID: requestID, argument: argument,
            error: RejectedWithValue(payload: .given(value), meta: meta.map { .given($0) }))
    }

    /// This thunk's ``Rejected`` action for a run that was cancelled.
    ///
    /// - Parameters:
    ///   - requestID: The run.
    ///   - argument: The argument the run started with.
    ///   - reason: Why, as given to `cancel(reason:)`.
    /// - Returns: The action.
    public func cancelled(requestID: RequestID, argument: Argument, reason: String? = nil) -> Rejected {
        Rejected(
            typePrefix: typePrefix, requestID: requestID, argument: argument, error: CancellationError(),
            wasCancelled: true, cancelReason: reason)
    }
}
