extension ListenerContext {
    /// Starts `body` in a child task of this run (RTK's `fork`): it is
    /// cancelled when the run is cancelled, and when the run's effect ends
    /// (unless `autoJoin`, when the run's end waits for it first). Inside the
    /// body, this context's ``delay(_:)``, ``pause(_:)``, ``isCancelled`` and
    /// ``checkCancellation()`` are the fork's (RTK's `ForkedTaskAPI`), and what
    /// the body starts (async thunks, forks) is cancelled with the fork.
    ///
    /// As in Redux Toolkit, the fork starts once the code that forked it
    /// suspends or returns (RTK starts it after a microtask). A fork forked by
    /// a run already cancelled, or cancelled by its own handle before it
    /// started, never runs its body (RTK checks the signals before the
    /// executor): it ends with a `CancellationError`. Every other fork runs
    /// its body, so a fire-and-forget fork's synchronous work always happens
    /// and its cancellation is always seen: the run's end lets its forks start
    /// first (a fork forked just before the effect returned runs up to its
    /// first suspension, then is cancelled unless `autoJoin`), and a fork
    /// whose run was cancelled after the fork was made, before it began (its
    /// listener removed with `cancelActive` right after the dispatch), begins
    /// already cancelled: its cancellation handlers run at once, its `delay`
    /// throws, and whoever awaits it gets a `CancellationError`. The body runs
    /// on the store's actor between its suspensions, as the effect does, and
    /// forks begin in the order they were forked (RTK's microtasks do too).
    ///
    /// - Parameters:
    ///   - autoJoin: Whether the run's end waits for the fork (RTK's `autoJoin`).
    ///   - body: The child's work.
    /// - Returns: A handle to await the fork's result or cancel it.
    @discardableResult
    public func fork<Value: Sendable>(
        autoJoin: Bool = false, _ body: nonisolated(nonsending) @escaping @Sendable () async throws -> Value
    ) -> ListenerFork<Value> {
        guard let runner = hub.runner else {
            return ListenerFork(task: Task { .failure(CancellationError()) }, activity: nil)
        }
        // Set now if the run is already cancelled, or later by the fork's handle before it starts.
        let neverRuns = Locked(run.isCancelled)
        let place = run.forkWillStart()
        let activity = EffectActivity("fork of listener", named: run.listener.name)
        let effect = EffectTask(activity: activity)
        // Cancelled with the run's forks (at once, if they already were), until it ends.
        let keyInForks = run.forks.adopt(effect)
        let task: Task<Result<Value, any Error>, Never> = runner.run(
            .listener, effect: effect, on: hub.store.route.actor, from: nil, startsLater: true
        ) {
            await run.forkWaitsForItsTurn(place)
            run.forkStarted()
            let result: Result<Value, any Error>
            do {
                // As in RTK: a fork its handle cancelled before it started, or forked by a run
                // already cancelled, does not run. One whose run was cancelled after the fork
                // was made (before it started) runs, already cancelled, and sees it at once.
                if neverRuns.withLock({ $0 }) { throw CancellationError() }
                let value = try await body()
                // As in RTK: a fork cancelled before it returned reports the cancellation.
                try Task.checkCancellation()
                result = .success(value)
            } catch {
                result = .failure(Task.isCancelled ? CancellationError() : error)
            }
            if let keyInForks { run.forks.release(keyInForks) }
            return result
        }
        let fork = ListenerFork(task: task, activity: activity, neverRuns: neverRuns)
        if autoJoin { run.join { _ = await fork.result } }
        return fork
    }
}

/// A child task a listener's effect forked (RTK's `ForkedTask`): await its
/// result or cancel it.
public final class ListenerFork<Value: Sendable>: Sendable {
    private let task: Task<Result<Value, any Error>, Never>
    /// The fork's activity: an effect awaiting the fork waits at a known point
    /// (see ``EffectActivity``), which the fork's end wakes.
    private let activity: EffectActivity?
    /// Set by ``cancel()``: a fork cancelled by its handle before it began
    /// does not run (read by the fork's task as it begins).
    private let neverRuns: Locked<Bool>

    init(task: Task<Result<Value, any Error>, Never>, activity: EffectActivity?, neverRuns: Locked<Bool> = Locked(true))
    {
        self.task = task
        self.activity = activity
        self.neverRuns = neverRuns
    }

    /// The fork's outcome: its value, what it threw, or a `CancellationError`
    /// if it was cancelled before it returned (RTK's `ok`, `rejected` and
    /// `cancelled`).
    nonisolated(nonsending) public var result: Result<Value, any Error> {
        get async {
            guard let activity, let waiter = EffectActivity.current else { return await task.value }
            return await waiter.waitForEnd(of: activity) { await task.value }
        }
    }

    /// The fork's value.
    ///
    /// - Throws: What it threw, or `CancellationError` if it was cancelled.
    nonisolated(nonsending) public var value: Value {
        get async throws { try await result.get() }
    }

    /// Cancels the fork and what it started.
    public func cancel() {
        neverRuns.withLock { $0 = true }
        task.cancel()
    }
}
