/// One run of an async thunk: how it ended (first come, first served between
/// its body and a cancellation), and its outcome for the handle's awaiters.
final class AsyncThunkRun<Value: Sendable>: Sendable {
    /// What ended the run first.
    enum Ending: Sendable {
        /// The body returned or threw.
        case completed(Result<Value, any Error>)
        /// The run was cancelled before its body ended.
        case cancelled
    }

    private struct Status: Sendable {
        var ending: Ending?
        var endingWaiter: CheckedContinuation<Ending, Never>?
        var outcome: Result<Value, any Error>?
        /// The handle's awaiters, each with its ``EffectActivity`` (an effect awaiting the run).
        var outcomeWaiters: [(CheckedContinuation<Result<Value, any Error>, Never>, EffectActivity?)] = []
        var cancelReason: String?
        var cancelRequested = false
    }

    private let status: Locked<Status>

    /// A run still going.
    init() {
        status = Locked(Status())
    }

    /// A run that ended before it started (its condition said no).
    init(outcome: Result<Value, any Error>) {
        status = Locked(Status(outcome: outcome))
    }

    /// Notes a cancellation through the handle, with its reason (the first one
    /// given is kept).
    func requestCancel(reason: String?) {
        status.withLock { status in
            guard !status.cancelRequested else { return }
            status.cancelRequested = true
            status.cancelReason = reason
        }
    }

    /// Why the run was cancelled, if it was given a reason.
    var cancelReason: String? { status.withLock { $0.cancelReason } }

    /// Whether the run was cancelled: through its handle (or by its
    /// cancellation ID), or by a cancellation that settled it.
    var isCancelled: Bool {
        status.withLock { status in
            if status.cancelRequested { return true }
            if case .cancelled = status.ending { return true }
            return false
        }
    }

    /// Ends the run, unless it has already ended.
    func end(_ ending: Ending) {
        let waiter = status.withLock { status -> CheckedContinuation<Ending, Never>? in
            guard status.ending == nil else { return nil }
            status.ending = ending
            defer { status.endingWaiter = nil }
            return status.endingWaiter
        }
        waiter?.resume(returning: ending)
    }

    /// Returns what ended the run, once something has (one caller: the run's task).
    nonisolated(nonsending) func waitForEnding() async -> Ending {
        await withCheckedContinuation { (continuation: CheckedContinuation<Ending, Never>) in
            let ending = status.withLock { status -> Ending? in
                if let ending = status.ending { return ending }
                status.endingWaiter = continuation
                return nil
            }
            if let ending { continuation.resume(returning: ending) }
        }
    }

    /// Sets the outcome the handle's awaiters get (after the run's last
    /// lifecycle action is dispatched), waking the effects among them first.
    func finish(_ outcome: Result<Value, any Error>) {
        let waiters = status.withLock {
            status -> [(CheckedContinuation<Result<Value, any Error>, Never>, EffectActivity?)] in
            guard status.outcome == nil else { return [] }
            status.outcome = outcome
            defer { status.outcomeWaiters = [] }
            return status.outcomeWaiters
        }
        let group = EffectActivity.current?.followingGroup
        for (_, activity) in waiters { activity?.wakes(joining: group) }
        for (waiter, _) in waiters { waiter.resume(returning: outcome) }
    }

    /// The outcome, once the run has settled: for an effect awaiting it, a
    /// known wait (see ``EffectActivity``).
    nonisolated(nonsending) package func result() async -> Result<Value, any Error> {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, any Error>, Never>) in
            let outcome = status.withLock { status -> Result<Value, any Error>? in
                if let outcome = status.outcome { return outcome }
                let activity = EffectActivity.current
                status.outcomeWaiters.append((continuation, activity))
                activity?.waits()
                return nil
            }
            if let outcome { continuation.resume(returning: outcome) }
        }
    }
}
