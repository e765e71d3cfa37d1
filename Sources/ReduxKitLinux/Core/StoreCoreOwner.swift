/// A store's core, used by the task that owns it: the owner applies what
/// effects posted to the store's ``StoreInbox`` at the start of each of its
/// dispatches and reads, and leaves effects a snapshot of the state after
/// each reduction (see ``StoreInbox`` for when a store has an inbox, and why
/// this is sound). Out of line, so the hot paths of every other store pay
/// what they paid before: `serialize` shares its one comparison with the
/// runaway check, and reads pay one `nil` check.
extension StoreCore {
    /// `serialize`'s slow path, inside the call (the depth counts it): stops
    /// a runaway loop of nested dispatches; in a store with an inbox, the
    /// outermost call first applies what effects posted, before the owner's
    /// own action.
    @usableFromInline func serializeSlowPath() {
        if enhancedDispatchDepth > Misuse.nestedDispatchLimit { Misuse.fail(Misuse.runawayNestedDispatch) }
        if let inbox, enhancedDispatchDepth == 1 { inbox.applyPosted() }
    }

    /// Applies what effects posted, outside a dispatch: a read by the owner of
    /// a store a task owns.
    @usableFromInline func applyPostedAsOwner() {
        guard let inbox, !isPublishing, inbox.hasPosted else { return }
        enhancedDispatchDepth += 1
        defer { enhancedDispatchDepth -= 1 }
        inbox.applyPosted()
    }

    /// Leaves effects a snapshot of the state (after each reduction and jump
    /// of a store with an inbox: its observer).
    func publishSnapshots() {
        isPublishing = true
        defer { isPublishing = false }
        inbox?.publishSnapshots()
    }
}
