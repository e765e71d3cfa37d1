/// A route's way back into a store a task owns: through the store's
/// ``StoreInbox``.
///
/// Why no race is possible, although it holds the chain's link (the store,
/// which is not `Sendable`): the link is dereferenced only inside a call the
/// store's owner is making on the store, so only ever where the owner itself
/// could use the store. ``applyPosted(_:)`` and ``publishSnapshot()`` are
/// called by the store's core while the owner's call runs (the owner drains
/// the inbox at the start of its dispatches and reads; the core publishes
/// after each reduction). ``dispatch(_:answeredBy:)`` and ``read(_:)`` use
/// the link only when ``StoreInbox/ownerIsCallingOnThisThread``: the thread
/// they run on is inside a call of the owner's that is starting effects at
/// that moment (a middleware marks it: ``StoreRoute/withOwnersThread(_:)``),
/// and a thread runs one stack, so the effect calling them runs nested in
/// that call (an effect's task runs synchronously inside the dispatch that
/// started it up to its first suspension). Everything else an effect does goes through `Sendable` values:
/// the posted action, and the snapshot of the state (`State` is `Sendable`).
final class InboxWay<State: Sendable>: InboxRoute {
    /// The store's inbox; gone with the store, which owns it.
    weak let inbox: StoreInbox?
    private let link: ActorBoundLink<State>
    /// The state as the store's last reduction left it, for effects reading it away from the owner.
    let snapshot = Locked<State?>(nil)

    init(inbox: StoreInbox, link: ActorBoundLink<State>) {
        self.inbox = inbox
        self.link = link
    }

    /// Dispatches `action` at once if the owner is in a call on this thread;
    /// else gives it to the first of `answerers` that answers it, or posts it.
    ///
    /// - Returns: What the dispatch returned, the answer, or the action
    ///   itself once posted; `nil` if the store is gone.
    func dispatch(_ action: any Action, answeredBy answerers: [@Sendable (any Action) -> (any Action)?]) -> (
        any Action
    )? {
        guard let inbox else { return nil }
        if inbox.ownerIsCallingOnThisThread { return link.link.currentStore()?.dispatch(action) }
        for answer in answerers {
            if let answered = answer(action) { return answered }
        }
        inbox.post(action, through: self)
        return action
    }

    /// Runs `body` on the state: the store's own if the owner is in a call on
    /// this thread, else the snapshot the store's last reduction left.
    ///
    /// - Returns: What `body` returned, or `nil` if the store is gone.
    func read<Result>(_ body: (State) -> Result) -> Result? {
        guard let inbox else { return nil }
        if inbox.ownerIsCallingOnThisThread { return link.link.currentStore().map { body($0.getState()) } }
        return snapshot.withLock { $0 }.map(body)
    }

    /// Posts `action` for the owner to apply.
    func post(_ action: any Action) {
        inbox?.post(action, through: self)
    }

    func applyPosted(_ action: any Action) {
        _ = link.link.currentStore()?.dispatch(action)
    }

    func publishSnapshot() {
        guard let store = link.link.currentStore() else { return }
        let state = store.getState()
        snapshot.withLock { $0 = state }
    }
}
