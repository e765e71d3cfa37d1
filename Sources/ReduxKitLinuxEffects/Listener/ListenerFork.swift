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
    /// ends with a `CancellationError`. The body runs on the store's actor
    /// between its suspensions, as the effect does.
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
            return ListenerFork(task: Task { .failure(CancellationError()) }, outcome: nil)
        }
        let outcome = ForkOutcome<Value>()
        let adoption = EffectAdoption(by: run.forks)
        let task: Task<Result<Value, any Error>, Never> = runner.run(
            .listener, on: hub.store.route.actor, from: nil, startsLater: true
        ) {
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
            outcome.resolve(result)
            return result
        }
        adoption.adopt { task.cancel() }
        let fork = ListenerFork(task: task, outcome: outcome)
        if autoJoin { run.join { _ = await fork.result } }
        return fork
    }
}

/// A child task a listener's effect forked (RTK's `ForkedTask`): await its
/// result or cancel it.
public final class ListenerFork<Value: Sendable>: Sendable {
    private let task: Task<Result<Value, any Error>, Never>
    /// The fork's outcome, which awaiting parks on (so a test clock counts an
    /// effect awaiting its fork as parked).
    private let outcome: ForkOutcome<Value>?

    init(task: Task<Result<Value, any Error>, Never>, outcome: ForkOutcome<Value>?) {
        self.task = task
        self.outcome = outcome
    }

    /// The fork's outcome: its value, what it threw, or a `CancellationError`
    /// if it was cancelled before it returned (RTK's `ok`, `rejected` and
    /// `cancelled`).
    nonisolated(nonsending) public var result: Result<Value, any Error> {
        get async {
            // A waiter cancelled first waits for the task itself, as before.
            if let outcome, let result = try? await outcome.value() { return result }
            return await task.value
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
        task.cancel()
    }
}

/// A fork's outcome, set once when its task ends, for any number of waiters,
/// each parked on a ``OneShot`` of its own.
final class ForkOutcome<Value: Sendable>: Sendable {
    private let status = Locked<(result: Result<Value, any Error>?, waiters: [OneShot<Result<Value, any Error>>])>(
        (nil, []))

    /// Sets the outcome and wakes the waiters.
    func resolve(_ result: Result<Value, any Error>) {
        let waiters = status.withLock { status in
            status.result = result
            defer { status.waiters = [] }
            return status.waiters
        }
        for waiter in waiters { waiter.resolve(.success(result)) }
    }

    /// Waits for the outcome.
    ///
    /// - Throws: `CancellationError` if the waiting task is cancelled first.
    nonisolated(nonsending) func value() async throws -> Result<Value, any Error> {
        let waiter = OneShot<Result<Value, any Error>>()
        if let result = status.withLock({ status -> Result<Value, any Error>? in
            if status.result == nil { status.waiters.append(waiter) }
            return status.result
        }) {
            return result
        }
        return try await waiter.value()
    }
}
