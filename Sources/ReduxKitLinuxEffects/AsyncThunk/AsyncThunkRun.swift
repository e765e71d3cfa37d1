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
        /// Its body ended, or it was cancelled (of its task, however that
        /// came); its last lifecycle action is being dispatched.
        case ending(byCancellation: Bool)
        /// Its last lifecycle action was dispatched (or none was due): the outcome.
        case settled(Result<Value, any Error>, byCancellation: Bool)

        /// Whether a cancellation ended the run.
        var endedByCancellation: Bool {
            switch self {
            case .going: false
            case .ending(let byCancellation), .settled(_, let byCancellation): byCancellation
            }
        }
    }

    /// A cancellation asked for through the run's handle or its cancellation ID.
    private struct CancelRequest {
        /// The reason given with the first request, if any.
        let reason: String?
    }

    private struct State {
        var phase: Phase
        /// The first cancellation asked for, if any (it ends the run unless something ended it first).
        var cancelRequest: CancelRequest?
        /// The handle's awaiters, each with its ``EffectActivity`` (an effect awaiting the run).
        var outcomeWaiters: [(CheckedContinuation<Result<Value, any Error>, Never>, EffectActivity?)] = []
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
        state = Locked(State(phase: .settled(outcome, byCancellation: false)))
    }

    // MARK: Cancelling

    /// Cancels the run (through its handle, or by its cancellation ID): it
    /// settles with a cancellation, and its task and body are cancelled.
    ///
    /// - Parameter reason: Why; the first reason given is kept.
    func cancel(reason: String?) {
        state.withLock { state in
            if state.cancelRequest == nil { state.cancelRequest = CancelRequest(reason: reason) }
        }
        effect?.cancel()
    }

    /// Why the run was cancelled, if it was given a reason.
    var cancelReason: String? { state.withLock { $0.cancelRequest?.reason } }

    /// Whether the run was cancelled: through its handle (or by its
    /// cancellation ID), or by a cancellation that ended it.
    var isCancelled: Bool { state.withLock { $0.cancelRequest != nil || $0.phase.endedByCancellation } }

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
            if case .cancelled = ending {
                state.phase = .ending(byCancellation: true)
            } else {
                state.phase = .ending(byCancellation: false)
            }
            return true
        }
    }

    /// Sets the outcome the handle's awaiters get (after the run's last
    /// lifecycle action is dispatched), waking the effects among them first.
    func finish(_ outcome: Result<Value, any Error>) {
        let waiters = state.withLock {
            state -> [(CheckedContinuation<Result<Value, any Error>, Never>, EffectActivity?)] in
            if case .settled = state.phase { return [] }
            state.phase = .settled(outcome, byCancellation: state.phase.endedByCancellation)
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
                if case .settled(let outcome, _) = state.phase { return outcome }
                let activity = EffectActivity.current
                state.outcomeWaiters.append((continuation, activity))
                activity?.waits()
                return nil
            }
            if let outcome { continuation.resume(returning: outcome) }
        }
    }
}
