import Synchronization

/// The way back into a store that a task owns: one made and used in
/// nonisolated code (a request handler, a command-line tool's `run()`, a
/// `Task.detached`), which no actor and no ``SharedStore`` holds.
///
/// Only the owning task may touch such a store, so work that outlives a
/// dispatch (an effect's task) cannot apply what it dispatches itself. It
/// posts it here instead, and the owner applies what was posted, in the order
/// it was posted, whenever it uses the store: before each dispatch and each
/// `getState()`, and while it waits for the store's effects. Code an effect
/// runs synchronously inside one of the owner's calls (an effect starts
/// inside the dispatch that started it, up to its first suspension) is part
/// of that call, on the owner's thread: its dispatches apply at once, as
/// nested dispatches do.
///
/// A store has one inbox, made when one of its routes first needs it (see
/// ``StoreRoute/ensureWayBack()``), and shared by all its routes (its
/// middleware chains, and the routes of the async thunks its scoped stores run).
@usableFromInline package final class StoreInbox: Sendable {
    /// An action an effect posted, with the route it is applied through.
    struct Posted: Sendable {
        let action: any Action
        let route: any InboxRoute
    }

    private struct Mail: Sendable {
        /// Oldest first; a queue, so a burst of posts taken one at a time costs
        /// O(1) each (an array's `removeFirst()` would move all the others).
        var posted = FIFOQueue<Posted>()
        /// Owners waiting for the next post (``waitForPost()``).
        var waiters = ParkedWaiters<Void, Void>()
        /// The routes whose snapshots the owner refreshes after each of its calls.
        var routes: [WeakInboxRoute] = []
    }

    private let mail = Locked(Mail())
    /// How many actions wait in `mail`, kept with it, read without the lock by
    /// every use the owner makes of the store.
    private let pending = Atomic<Int>(0)
    /// The thread the owner is making a call on the store from, or 0 between
    /// its calls (see ``ownerIsCallingOnThisThread``).
    private let ownerThread = Atomic<UInt>(0)

    package init() {}

    /// Whether an action waits to be applied.
    package var hasPosted: Bool { pending.load(ordering: .acquiring) > 0 }

    /// Whether the calling code runs inside a call the owner is making on the
    /// store, starting effects: on the thread that call runs on, while the
    /// effects it starts run their first steps (see
    /// ``StoreRoute/withOwnersThread(_:)``). Code on that thread then can only
    /// be running nested in that call (a thread runs one stack), so it may use
    /// the store as the owner does.
    package var ownerIsCallingOnThisThread: Bool {
        ownerThread.load(ordering: .acquiring) == StoreLock.currentThread
    }

    /// Marks this thread as the owner's, for the effects the owner's call is
    /// starting on it; returns what to restore after.
    func markOwnerThread() -> UInt {
        ownerThread.exchange(StoreLock.currentThread, ordering: .acquiringAndReleasing)
    }

    /// Restores the mark `markOwnerThread()` replaced.
    func restoreOwnerThread(_ previous: UInt) {
        ownerThread.store(previous, ordering: .releasing)
    }

    /// Posts `action`, for the owner to apply through `route`; wakes an owner
    /// waiting for it.
    func post(_ action: any Action, through route: any InboxRoute) {
        let waiters = mail.withLock { mail in
            mail.posted.append(Posted(action: action, route: route))
            pending.store(mail.posted.count, ordering: .releasing)
            return mail.waiters.take { true }
        }
        for waiter in waiters { waiter.continuation.resume() }
    }

    /// Takes the oldest action posted, if any (the owner applies them one at a
    /// time, so what applying one posts comes after those already waiting).
    func takeOldest() -> Posted? {
        mail.withLock { mail in
            guard let oldest = mail.posted.popFirst() else { return nil }
            pending.store(mail.posted.count, ordering: .releasing)
            return oldest
        }
    }

    /// Applies every action posted, oldest first, and what applying them posts;
    /// the caller is the owner, inside a call it makes on the store.
    package func applyPosted() {
        while let posted = takeOldest() { posted.route.applyPosted(posted.action) }
    }

    /// Returns once an action is posted (at once if one waits), or when the
    /// waiting task is cancelled: how the owner waits for effects while it
    /// waits on the store.
    package func waitForPost() async {
        await mail.park(in: \.waiters, tag: (), whenCancelled: ()) { $0.posted.isEmpty ? nil : () }
    }

    /// Adds a route whose snapshot the owner refreshes after each of its calls.
    func register(_ route: any InboxRoute) {
        mail.withLock { mail in
            mail.routes.removeAll { $0.route == nil }
            mail.routes.append(WeakInboxRoute(route: route))
        }
    }

    /// Refreshes each route's snapshot of the store's state (the store's core
    /// calls it after each reduction and jump, in the owner's call).
    package func publishSnapshots() {
        for route in mail.withLock({ $0.routes.compactMap(\.route) }) { route.publishSnapshot() }
    }
}

/// What a ``StoreInbox`` needs of a route, without its state type. Both
/// methods run only in the owner's calls on the store.
protocol InboxRoute: AnyObject, Sendable {
    /// Dispatches an action an effect posted through the route's chain.
    func applyPosted(_ action: any Action)
    /// Reads the store's state for effects to read until the owner's next call.
    func publishSnapshot()
}

/// A route an inbox knows of, weakly (its chain owns it).
struct WeakInboxRoute: Sendable {
    weak var route: (any InboxRoute)?
}
