/// What happens to what an effect dispatches once its run has been
/// cancelled (by its listener's policy, a ``CancelEffects`` action, its
/// handle, the effect that started it, `cancelEffects()` or the store going).
///
/// ``drop`` is the default for listeners and async thunks alike, as in TCA,
/// where a cancelled effect's `send` does nothing: a run that catches the
/// `CancellationError` and dispatches a failure shows nothing. ``deliver``
/// is Redux Toolkit's behaviour, where a cancelled listener or async thunk
/// dispatches as before. An async thunk's own lifecycle actions are never
/// dropped: a cancelled run always dispatches its `Rejected` action marked
/// `wasCancelled`.
public enum CancelledDispatches: Sendable, Equatable {
    /// A dispatch made through the effect's context once its run is cancelled
    /// does nothing, and returns `nil` (as once the store is gone).
    case drop
    /// Dispatches go on reaching the store after the run is cancelled (Redux
    /// Toolkit's behaviour).
    case deliver

    /// Whether a dispatch is dropped now, in a run that `isCancelled` says is
    /// cancelled or not; a cancelled task (a fork, a child of the run) counts too.
    ///
    /// - Parameter runIsCancelled: Whether the run was cancelled.
    /// - Returns: Whether to drop the dispatch.
    func drops(_ runIsCancelled: @autoclosure () -> Bool) -> Bool {
        self == .drop && (Task.isCancelled || runIsCancelled())
    }
}
