import Synchronization

/// One listener: what it matches, how its runs are scheduled, and its effect.
struct ListenerEntry<State: Sendable>: Sendable {
    /// How a listener chooses its actions.
    enum Match: Sendable {
        /// By the action's type alone (`for:`): decided once per action type.
        case type(@Sendable (any Action) -> Bool)
        /// By the action's type (decided once per action type), then, for an
        /// action of such a type, by the action alone.
        case typeAndAction(type: @Sendable (any Action) -> Bool, action: @Sendable (any Action) -> Bool)
        /// By the action alone (`matching:`): no state is read.
        case action(@Sendable (any Action) -> Bool)
        /// By the action, the state after it and the state before it (`predicate:`).
        case state(@Sendable (any Action, State, State) -> Bool)
    }

    /// Set when the listener is added; kept when it subscribes again.
    var id: UInt64 = 0
    let name: String
    let policy: ListenerMiddleware<State>.Policy
    var match: Match
    let effect: nonisolated(nonsending) @Sendable (any Action, ListenerContext<State>) async throws -> Void
    /// Tags a run with a key of its action: the policy applies per key, and
    /// ``CancelEffects`` cancels by key.
    var cancellationID: (@Sendable (any Action) -> (any Hashable & Sendable)?)? = nil
    /// What happens to what a run dispatches once it is cancelled.
    var cancelledDispatches = CancelledDispatches.drop
}

/// What a ``ListenerSubscription`` needs of the registry it came from.
protocol ListenerOwning: AnyObject, Sendable {
    /// Whether the listener is registered.
    func contains(_ id: UInt64) -> Bool
    /// Removes the listener; with `cancelActive`, cancels its runs in every store.
    @discardableResult
    func remove(_ id: UInt64, cancelActive: Bool) -> Bool
}

/// The listeners of one ``ListenerMiddleware``, shared by every store it is
/// installed in, and those stores' run tables (to cancel runs on removal).
final class ListenerRegistry<State: Sendable>: ListenerOwning, Sendable {
    private struct WeakHub: Sendable {
        weak var hub: ListenerHub<State>?
    }

    private struct Entries: Sendable {
        var listeners: [ListenerEntry<State>] = []
        var nextID: UInt64 = 0
        var hubs: [WeakHub] = []
        /// Changes whenever `listeners` does.
        var version: UInt64 = 0
    }

    private let entries = Locked(Entries())
    /// Tests waiting for as many effects waiting in `take` or `condition` as their tag.
    private let waiterWatchers = Locked(ParkedWaiters<Void, Int>())
    /// Changes whenever the listeners do, after they did (see ``ListenerPlans``):
    /// an atomic, so the dispatch path reads it without the lock.
    private let changes = Atomic<UInt64>(0)

    /// The listeners now registered, in the order they were added.
    var listeners: [ListenerEntry<State>] { entries.withLock { $0.listeners } }

    /// The version of the listeners now registered.
    var version: UInt64 { changes.load(ordering: .acquiring) }

    /// Notes a change of the listeners (with the lock held, after it).
    private func changed(_ entries: inout Entries) {
        entries.version &+= 1
        changes.store(entries.version, ordering: .releasing)
    }

    /// Notes a store's run table, for ``remove(_:cancelActive:)`` and ``clear(cancelActive:)``.
    func attach(_ hub: ListenerHub<State>) {
        entries.withLock { entries in
            entries.hubs.removeAll { $0.hub == nil }
            entries.hubs.append(WeakHub(hub: hub))
        }
    }

    /// How many effects wait in `take` or `condition`, in every store (for tests).
    var waiterCount: Int {
        entries.withLock { $0.hubs }.reduce(0) { $0 + ($1.hub?.waiterCount ?? 0) }
    }

    /// Returns once at least `count` effects wait in `take` or `condition`
    /// (at once if they do), or when the waiting task is cancelled: how a
    /// test waits for an effect to reach its wait, without polling.
    func waitForWaiters(_ count: Int) async {
        await waiterWatchers.park(in: \.self, tag: count, whenCancelled: ()) { _ in
            self.waiterCount >= count ? () : nil
        }
    }

    /// Wakes the tests waiting for as many waiters as there are now (a hub
    /// added one).
    func waiterAdded() {
        let count = waiterCount
        for watcher in waiterWatchers.withLock({ $0.take { $0 <= count } }) { watcher.continuation.resume() }
    }

    /// Registers a new listener.
    func add(_ listener: ListenerEntry<State>) -> ListenerSubscription {
        let id = entries.withLock { entries in
            var listener = listener
            listener.id = entries.nextID
            entries.nextID += 1
            entries.listeners.append(listener)
            changed(&entries)
            return listener.id
        }
        return ListenerSubscription(id: id, owner: self)
    }

    /// Registers `listener` again, with its id, unless it is registered.
    func subscribe(_ listener: ListenerEntry<State>) {
        entries.withLock { entries in
            if !entries.listeners.contains(where: { $0.id == listener.id }) {
                entries.listeners.append(listener)
                changed(&entries)
            }
        }
    }

    func contains(_ id: UInt64) -> Bool {
        entries.withLock { $0.listeners.contains { $0.id == id } }
    }

    @discardableResult
    func remove(_ id: UInt64, cancelActive: Bool) -> Bool {
        let (found, hubs) = entries.withLock { entries in
            let count = entries.listeners.count
            entries.listeners.removeAll { $0.id == id }
            changed(&entries)
            return (entries.listeners.count != count, entries.hubs)
        }
        if cancelActive {
            for hub in hubs { hub.hub?.cancelRuns(of: id, except: nil) }
        }
        return found
    }

    /// Removes every listener; with `cancelActive`, cancels every run going on
    /// in every store, including runs of listeners removed before (an effect
    /// that unsubscribed its own listener).
    func clear(cancelActive: Bool) {
        let hubs = entries.withLock { entries in
            defer {
                entries.listeners = []
                changed(&entries)
            }
            return entries.hubs
        }
        guard cancelActive else { return }
        for hub in hubs { hub.hub?.cancelAllRuns() }
    }
}

/// A listener's registration: dispose of it (or call ``unsubscribe(cancelActive:)``)
/// to remove the listener. It may be used from any thread. It is also what
/// dispatching an ``AddListener`` action returns (through the typed
/// `dispatch(_:)`; it is not an action itself).
public final class ListenerSubscription: ReduxDisposable, Sendable {
    private let id: UInt64
    private weak let owner: (any ListenerOwning)?

    init(id: UInt64, owner: any ListenerOwning) {
        self.id = id
        self.owner = owner
    }

    /// Whether the listener is not registered (removed, or its middleware is
    /// gone); false again if its effect subscribes it back.
    public var disposed: Bool { !(owner?.contains(id) ?? false) }

    /// Removes the listener; its runs already going go on.
    public func dispose() {
        unsubscribe()
    }

    /// Removes the listener (RTK's `unsubscribe({ cancelActive })`).
    ///
    /// - Parameter cancelActive: Also cancel its runs still going, in every store.
    /// - Returns: Whether the listener was registered.
    @discardableResult
    public func unsubscribe(cancelActive: Bool = false) -> Bool {
        owner?.remove(id, cancelActive: cancelActive) ?? false
    }

    /// Whether this subscription is `listener`'s, for ``RemoveListener``.
    func belongs(to owner: any ListenerOwning) -> Bool {
        self.owner === owner
    }
}
