/// What the thunk middleware does with an action's type, for a store of one
/// state type (one of the ``ActionTypeFacts`` every store shares).
enum ThunkActionKind: Sendable, Equatable {
    /// Passes it on.
    case other
    /// Calls it: a ``Thunk`` of the store's state.
    case thunk
    /// Starts it: an async thunk's action of the store's state.
    case asyncThunk
    /// Refuses it: an async thunk's action typed for another state than the
    /// store's (it would reach the reducers and do nothing).
    case foreignAsyncThunk
    /// Accepts it: a scoped store asks to run a thunk or an async thunk.
    case scopedRequest
    /// Cancels the async thunk runs tagged with its ID, and passes it on: a ``CancelEffects``.
    case cancelEffects

    /// The kind for the thunk middleware of a store whose state it does not
    /// know to be `Sendable`, which starts no async thunk: it refuses every
    /// async thunk, of the store's state too (it cannot hand that state across
    /// tasks).
    var refusingAsyncThunks: ThunkActionKind {
        self == .asyncThunk ? .foreignAsyncThunk : self
    }
}
