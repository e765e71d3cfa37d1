/// A store's core, used by the task that owns it: the owner applies what
/// effects posted to the store's ``StoreInbox`` at the start of each of its
/// calls, and leaves effects a snapshot of the state at their end (see
/// ``StoreInbox`` for when a store has an inbox, and why this is sound).
extension StoreCore {
    /// `serialize` for the outermost call of a store a task owns: applies what
    /// effects posted first, runs `body` with the owner's thread marked, then
    /// leaves effects a snapshot of the state.
    @usableFromInline func serializeAsOwner(_ body: () -> any Action) -> any Action {
        inbox.unsafelyUnwrapped.ownerEntered()
        enhancedDispatchDepth += 1
        inbox.unsafelyUnwrapped.applyPosted()
        let result = body()
        ownerCallEnds()
        enhancedDispatchDepth -= 1
        return result
    }

    /// Applies what effects posted, outside a dispatch: a read by the owner of
    /// a store a task owns.
    @usableFromInline func applyPostedAsOwner() {
        guard let inbox, inbox.hasPosted else { return }
        inbox.ownerEntered()
        enhancedDispatchDepth += 1
        inbox.applyPosted()
        ownerCallEnds()
        enhancedDispatchDepth -= 1
    }

    /// The end of an outermost call of the owner's: effects get a fresh
    /// snapshot of the state, and the owner's thread is no longer marked.
    @usableFromInline func ownerCallEnds() {
        guard let inbox else { return }
        inbox.publishSnapshots()
        inbox.ownerLeft()
    }
}
