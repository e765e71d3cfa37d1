/// Cancels, when dispatched, every effect run of the store tagged with ``id``:
/// the listener runs whose listener's `cancellationID` gave `id` for their
/// action, and the async thunk runs whose thunk's `cancellationID` gave `id`
/// for their argument (TCA's `Effect.cancel(id:)`; in Redux Toolkit, aborting
/// the promises and listeners of one entity).
///
/// ```swift
/// listeners.addListener(for: FavoriteTapped.self, policy: .latest, cancellationID: { $0.rowID }) { tap, context in
///     …
/// }
/// store.dispatch(CancelEffects(id: rowID))  // from anywhere: a view, a reducer's caller, an effect
/// ```
///
/// The thunk middleware and each listener middleware of the store cancel their
/// runs tagged `id` as the action passes them, then pass it on: it reaches
/// the reducers (which may ignore it) and the action log like any action. Only
/// the runs of the store it is dispatched to are cancelled; dispatched to a
/// scoped store (`store.view(…)`), it goes up to the root store as it is.
/// Each cancelled run ends as a cancelled run does: an async thunk dispatches
/// its `Rejected` action marked `wasCancelled` (with ``reason``), and what a
/// cancelled run dispatches later is dropped unless its effect says
/// ``CancelledDispatches/deliver``. Runs started after it are not affected.
public struct CancelEffects: Action {
    /// The cancellation ID, as the effects compare it.
    let key: EffectID
    /// The cancellation ID of the runs to cancel.
    public var id: AnyHashable { key.base }
    /// Why, given to the cancelled async thunks' `Rejected` actions as their
    /// `cancelReason` (Redux Toolkit's `abort(reason)`).
    public let reason: String?

    /// Names the runs to cancel.
    ///
    /// - Parameters:
    ///   - id: The cancellation ID their effects gave them; compared as an
    ///     `AnyHashable`, so `1` and `Int64(1)` differ. Prefer a type of your
    ///     own (`FavoriteID(row)`) to keep one feature's IDs from another's.
    ///   - reason: Why, for the cancelled async thunks' `Rejected` actions.
    public init(id: some Hashable & Sendable, reason: String? = nil) {
        self.key = EffectID(id)
        self.reason = reason
    }
}
