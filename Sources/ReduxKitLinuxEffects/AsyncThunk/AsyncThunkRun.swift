/// One run of an async thunk, from its dispatch to its outcome: its task (an
/// ``EffectTask``, made before the task starts), its place among the store's
/// runs that can be cancelled by ID, how it ended (first come, first served
/// between its body and a cancellation), and its outcome for the handle's
/// awaiters. How a run goes through these is in `AsyncThunkStart.swift`.
final class AsyncThunkRun<Value: Sendable>: Sendable {
    /// What ended the run first.
    enum Ending: Sendable {
        /// The body returned or threw.
        case completed(Result<Value, any Error>)
        /// The run was cancelled before its body ended.
        case cancelled
    }

    /// Where the run is. It only moves forward: going → ending → settled (a
    /// run skipped by its condition, or ended before its pending action,
    /// goes from going to settled).
    private enum Phase {
        /// Its condition or body is going.
        case going
        /// Its body ended, or it was cancelled; its last lifecycle action is
        /// being dispatched.
        case ending
        /// Its last lifecycle action was dispatched (or none was due): the outcome.
        case settled(Result<Value, any Error>)
    }

    private struct State {
        var phase: Phase
        /// The handle's awaiters, each with its ``EffectActivity`` (an effect awaiting the run).
        var outcomeWaiters: [(CheckedContinuation<Result<Value, any Error>, Never>, EffectActivity?)] = []
        /// Cancelled through its handle or its cancellation ID, with the first reason given.
        var cancelRequested = false
        var cancelReason: String?
        /// Ended by a cancellation (of its task, however it came).
        var endedCancelled = false
        /// Its place among the store's runs that can be cancelled by ID, if it is tagged.
        var tag: Tag?
    }

    /// A tagged run's place in its store's ``ThunkCancellations``.
    private struct Tag {
        let table: ThunkCancellations
        let key: UInt64
        let thunk: String
        let id: EffectID?
    }

    private let state: Locked<State>
    /// The run's task; `nil` for a run that never had one (skipped, or aborted).
    let effect: EffectTask?

    /// A run going, whose task `effect` will be.
    init(effect: EffectTask) {
        self.effect = effect
        state = Locked(State(phase: .going))
    }

    /// A run that settled before it started (its condition said no, or its
    /// dispatcher was already cancelled).
    init(outcome: Result<Value, any Error>) {
        effect = nil
        state = Locked(State(phase: .settled(outcome)))
    }

    // MARK: Cancelling

    /// Cancels the run (through its handle, or by its cancellation ID): it
    /// settles with a cancellation, and its task and body are cancelled.
    ///
    /// - Parameter reason: Why; the first reason given is kept.
    func cancel(reason: String?) {
        state.withLock { state in
            guard !state.cancelRequested else { return }
            state.cancelRequested = true
            state.cancelReason = reason
        }
        effect?.cancel()
    }

    /// Why the run was cancelled, if it was given a reason.
    var cancelReason: String? { state.withLock { $0.cancelReason } }

    /// Whether the run was cancelled: through its handle (or by its
    /// cancellation ID), or by a cancellation that ended it.
    var isCancelled: Bool { state.withLock { $0.cancelRequested || $0.endedCancelled } }

    /// Tags the run in `table` (the store's runs that can be cancelled by
    /// ID) with `id`; call before its task starts, so a cancellation from its
    /// first steps reaches it.
    ///
    /// - Parameters:
    ///   - table: The store's runs that can be cancelled by ID.
    ///   - thunk: The thunk's type prefix.
    ///   - id: What the thunk's `cancellationID` gave, or `nil` (a thunk with `cancelInFlight` and no ID).
    func tag(in table: ThunkCancellations, thunk: String, id: EffectID?) {
        let key = table.register(thunk: thunk, id: id) { reason in self.cancel(reason: reason) }
        state.withLock { $0.tag = Tag(table: table, key: key, thunk: thunk, id: id) }
    }

    /// Cancels the thunk's older runs tagged like this one (`cancelInFlight`:
    /// the run starts, its condition said yes); does nothing if it is untagged.
    func cancelsRunsInFlight() {
        guard let tag = state.withLock({ $0.tag }) else { return }
        tag.table.cancelInFlight(of: tag.thunk, id: tag.id, except: tag.key)
    }

    /// Leaves the table it is tagged in: the run's task ended.
    func untag() {
        if let tag = state.withLock({ $0.tag }) { tag.table.ended(tag.key) }
    }

    // MARK: Ending and settling

    /// Ends the run, unless it has already ended: first come, first served
    /// between its body's end and a cancellation.
    ///
    /// - Returns: Whether this ended it (whoever did settles it).
    @discardableResult
    func end(_ ending: Ending) -> Bool {
        state.withLock { state in
            guard case .going = state.phase else { return false }
            state.phase = .ending
            if case .cancelled = ending { state.endedCancelled = true }
            return true
        }
    }

    /// Sets the outcome the handle's awaiters get (after the run's last
    /// lifecycle action is dispatched), waking the effects among them first.
    func finish(_ outcome: Result<Value, any Error>) {
        let waiters = state.withLock {
            state -> [(CheckedContinuation<Result<Value, any Error>, Never>, EffectActivity?)] in
            if case .settled = state.phase { return [] }
            state.phase = .settled(outcome)
            defer { state.outcomeWaiters = [] }
            return state.outcomeWaiters
        }
        let group = EffectActivity.current?.followingGroup
        for (_, activity) in waiters { activity?.wakes(joining: group) }
        for (waiter, _) in waiters { waiter.resume(returning: outcome) }
    }

    /// The outcome, once the run has settled: for an effect awaiting it, a
    /// known wait (see ``EffectActivity``).
    nonisolated(nonsending) package func result() async -> Result<Value, any Error> {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, any Error>, Never>) in
            let outcome = state.withLock { state -> Result<Value, any Error>? in
                if case .settled(let outcome) = state.phase { return outcome }
                let activity = EffectActivity.current
                state.outcomeWaiters.append((continuation, activity))
                activity?.waits()
                return nil
            }
            if let outcome { continuation.resume(returning: outcome) }
        }
    }
}
