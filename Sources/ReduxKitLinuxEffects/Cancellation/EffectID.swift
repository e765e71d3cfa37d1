/// A cancellation ID as the effects keep it: the value an effect's
/// `cancellationID` gave, or a ``CancelEffects`` action's, compared as an
/// `AnyHashable`.
///
/// It is `@unchecked Sendable` only because `AnyHashable` is not `Sendable`:
/// it is made only from an `any Hashable & Sendable` (see ``init(_:)``), so
/// the value it wraps is `Sendable`, and it is never mutated.
struct EffectID: Hashable, @unchecked Sendable {
    /// The ID, type-erased.
    let base: AnyHashable

    /// Wraps a `Sendable` ID.
    init(_ value: any Hashable & Sendable) {
        base = AnyHashable(value)
    }
}
