extension ListenerContext {
    /// Starts `body` in a child task of this run (RTK's `fork`): it is
    /// cancelled when the run is cancelled, and when the run's effect ends
    /// (unless `autoJoin`, when the run's end waits for it first). Inside the
    /// body, this context's ``delay(_:)``, ``pause(_:)``, ``isCancelled`` and
    /// ``checkCancellation()`` are the fork's (RTK's `ForkedTaskAPI`), and what
    /// the body starts (async thunks, forks) is cancelled with the fork.
    ///
    /// As in Redux Toolkit, the fork starts once the code that forked it
    /// suspends or returns (RTK starts it after a microtask), and a fork
    /// cancelled before it started, or whose run was, never runs its body: it
    /// ends with a `CancellationError`. The run's end lets its forks start
    /// first: a fork forked just before the effect returned runs up to its
    /// first suspension, then is cancelled (unless `autoJoin`), and sees it
    /// (its `delay` throws, a cancellation handler runs), so a fire-and-forget
    /// fork's synchronous work always happens. The body runs on the store's
    /// actor between its suspensions, as the effect does.
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
            return ListenerFork(task: Task { .failure(CancellationError()) })
        }
        let adoption = EffectAdoption(by: run.forks)
        run.forkWillStart()
        let task: Task<Result<Value, any Error>, Never> = runner.run(
            .listener, on: hub.store.route.actor, from: nil, startsLater: true
        ) {
            run.forkStarted()
            let result: Result<Value, any Error>
            do {
                // As in RTK: a fork cancelled before it started, or whose run was, does not run.
                try Task.checkCancellation()
                if run.isCancelled { throw CancellationError() }
                let value = try await body()
                // As in RTK: a fork cancelled before it returned reports the cancellation.
                try Task.checkCancellation()
                result = .success(value)
            } catch {
                result = .failure(Task.isCancelled ? CancellationError() : error)
            }
            adoption.childEnded()
            return result
        }
        adoption.adopt { task.cancel() }
        if autoJoin { run.join { _ = await task.value } }
        return ListenerFork(task: task)
    }
}

/// A child task a listener's effect forked (RTK's `ForkedTask`): await its
/// result or cancel it.
public final class ListenerFork<Value: Sendable>: Sendable {
    private let task: Task<Result<Value, any Error>, Never>

    init(task: Task<Result<Value, any Error>, Never>) {
        self.task = task
    }

    /// The fork's outcome: its value, what it threw, or a `CancellationError`
    /// if it was cancelled before it returned (RTK's `ok`, `rejected` and
    /// `cancelled`).
    nonisolated(nonsending) public var result: Result<Value, any Error> {
        get async { await task.value }
    }

    /// The fork's value.
    ///
    /// - Throws: What it threw, or `CancellationError` if it was cancelled.
    nonisolated(nonsending) public var value: Value {
        get async throws { try await task.value.get() }
    }

    /// Cancels the fork and what it started.
    public func cancel() {
        task.cancel()
    }
}
