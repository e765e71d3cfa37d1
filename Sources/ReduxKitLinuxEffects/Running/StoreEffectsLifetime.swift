/// Waiting for a store's effects to settle, and cancelling them: what a server
/// does at the end of a request, when a room or session closes, and at a
/// graceful shutdown (see the "Using a store on a server" article).
///
/// "The store's effects" are the effect tasks its `thunkMiddleware()` and
/// listener middleware run: async thunks (those dispatched to its scoped
/// stores included), listener effects, their forks and `pause` operations.
/// An effect that starts another keeps the store unsettled until both end.
extension Store {
    /// Waits until none of this store's effects is running, or `timeout` has
    /// passed on `clock`, whichever comes first.
    ///
    /// ```swift
    /// // Closing a room: let its effects finish, for five seconds at most.
    /// if await !store.waitForEffects(timeout: .seconds(5)) { store.cancelEffects() }
    /// ```
    ///
    /// Waiting does not hold the store's actor: effects keep coming back
    /// while it waits. In a store a task owns (made and used in nonisolated
    /// code: a request handler, a detached task), the wait applies what the
    /// effects dispatch as they post it, so the owner's subscribers hear of it
    /// while it waits, and the store is settled only once nothing posted is
    /// left to apply. Returns at once if nothing runs, and early (with
    /// `false`) if the waiting task is cancelled.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait at most.
    ///   - clock: What `timeout` is measured on (a test passes its `TestClock`).
    ///   - isolation: The actor the caller runs on; leave it out.
    /// - Returns: Whether the effects settled (`false` if the time ran out first).
    public func waitForEffects<C: Clock<Duration>>(
        timeout: Duration, clock: C = ContinuousClock(), isolation: isolated (any Actor)? = #isolation
    ) async -> Bool {
        guard let inbox = backend.inbox(creating: false) else {
            return await settle(backend.effectTrackers(), within: timeout, on: clock)
        }
        // The caller owns the store (it passed it to this call), so it applies what was posted.
        return await settle(
            backend.effectTrackers(), inbox: inbox, applyingPosts: { _ = self.getState() }, within: timeout,
            on: clock)
    }

    /// Cancels every effect of this store now running. Each ends as a
    /// cancelled effect does: an async thunk's run dispatches its `Rejected`
    /// action (cancelled), a listener's run ends without a ``/ReduxKitLinuxEffects/ListenerFailed``.
    /// Effects started later run as usual. Follow it with
    /// ``/ReduxKitLinux/Store/waitForEffects(timeout:clock:isolation:)`` to wait for them to end.
    public func cancelEffects() {
        for tracker in backend.effectTrackers() { tracker.cancelAll() }
    }
}

extension SharedStore {
    /// Waits until none of this store's effects is running, or `timeout` has
    /// passed on `clock`, whichever comes first; see the `Store` method of the
    /// same name. Callable from any task.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait at most.
    ///   - clock: What `timeout` is measured on (a test passes its `TestClock`).
    /// - Returns: Whether the effects settled (`false` if the time ran out first).
    public func waitForEffects<C: Clock<Duration>>(timeout: Duration, clock: C = ContinuousClock()) async -> Bool {
        await settle(effectTrackers(), within: timeout, on: clock)
    }

    /// Cancels every effect of this store now running; see the `Store` method
    /// of the same name. Callable from any task.
    public func cancelEffects() {
        for tracker in effectTrackers() { tracker.cancelAll() }
    }
}

/// Waits until none of `trackers` counts a running task (checked again after
/// each wait, since an ending effect may start another), or until `timeout`
/// passes on `clock`.
///
/// - Returns: Whether they settled.
func settle<C: Clock<Duration>>(_ trackers: [EffectTracker], within timeout: Duration, on clock: C) async -> Bool {
    func idle() -> Bool { trackers.allSatisfy { $0.running == 0 } }
    if idle() { return true }
    return await withTaskGroup(of: Bool.self) { group in
        group.addTask {
            await waitUntilIdle { trackers }
            return idle()
        }
        // In place, so the timeout is on `clock` (a test clock) when this returns to suspend.
        group.addImmediateTask {
            try? await clock.sleep(for: timeout)
            return false
        }
        let settled = await group.next() ?? false
        group.cancelAll()
        return settled || idle()
    }
}

/// What ends one wait of an owner for its store's effects.
private enum OwnerWake: Sendable {
    case idle, posted, timedOut
}

/// `settle` for a store a task owns: the caller is the owner, and applies
/// what effects post (`applyPosts`) each time it wakes, until no task runs
/// and nothing posted is left, or until `timeout` passes on `clock`.
///
/// - Returns: Whether the effects settled.
func settle<C: Clock<Duration>>(
    _ trackers: [EffectTracker], inbox: StoreInbox, applyingPosts applyPosts: () -> Void, within timeout: Duration,
    on clock: C, isolation: isolated (any Actor)? = #isolation
) async -> Bool {
    func settled() -> Bool { trackers.allSatisfy { $0.running == 0 } && !inbox.hasPosted }
    let deadline = clock.now.advanced(by: timeout)
    while true {
        applyPosts()
        if settled() { return true }
        if Task.isCancelled { return false }
        let wake = await withTaskGroup(of: OwnerWake.self) { group in
            group.addTask {
                await waitUntilIdle { trackers }
                return .idle
            }
            group.addTask {
                await inbox.waitForPost()
                return .posted
            }
            // In place, so the timeout is on `clock` (a test clock) when this returns to suspend.
            group.addImmediateTask {
                try? await clock.sleep(until: deadline, tolerance: nil)
                return .timedOut
            }
            let first = await group.next() ?? .timedOut
            group.cancelAll()
            return first
        }
        if case .timedOut = wake {
            applyPosts()
            return settled()
        }
    }
}

/// Returns when none of the trackers `current` reads counts a running task
/// (read again after each wait, since an ending effect may start another), or
/// early when the waiting task is cancelled.
func waitUntilIdle(_ current: () -> [EffectTracker]) async {
    while !Task.isCancelled {
        let trackers = current()
        guard trackers.contains(where: { $0.running > 0 }) else { return }
        for tracker in trackers { await tracker.waitUntilIdle() }
    }
}

/// Returns when the trackers `current` reads count at most `count` running
/// tasks in all (read again after each end, since an ending effect may start
/// another), or early when the waiting task is cancelled.
///
/// Each wait is measured against the count it read: an end that comes between
/// the read and the wait returns the wait at once (a wait for "one fewer than
/// now", read a second time, would then wait for an end that may never come).
/// And an end in any chain wakes it, not only in the first busy one.
func waitUntilRunning(atMost count: Int, _ current: () -> [EffectTracker]) async {
    while !Task.isCancelled {
        let busy = current().map { (tracker: $0, seen: $0.running) }.filter { $0.seen > 0 }
        guard busy.reduce(0, { $0 + $1.seen }) > count else { return }
        if busy.count == 1 {
            await busy[0].tracker.waitUntilRunning(atMost: busy[0].seen - 1)
            continue
        }
        await withTaskGroup(of: Void.self) { group in
            for (tracker, seen) in busy { group.addTask { await tracker.waitUntilRunning(atMost: seen - 1) } }
            await group.next()
            group.cancelAll()
        }
    }
}
