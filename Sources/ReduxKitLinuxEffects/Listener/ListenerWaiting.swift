extension ListenerContext {
    /// Waits for the next action `predicate` accepts (RTK's `take`), dispatched
    /// after this call; the action that started this run is not seen.
    ///
    /// Every dispatch from the moment of the call is checked, synchronously in
    /// the middleware, so nothing dispatched while the effect is between awaits
    /// is missed; no polling.
    ///
    /// - Parameters:
    ///   - predicate: Gets the action, the state after it and the state before it.
    ///   - timeout: How long to wait on `dependencies.clock`; `nil` waits until
    ///     an action comes or the run is cancelled.
    /// - Returns: The action with the states, or `nil` if `timeout` passed first.
    /// - Throws: `CancellationError` if the run is cancelled (or the store goes).
    nonisolated(nonsending) public func take(
        _ predicate: @escaping @Sendable (_ action: any Action, _ currentState: State, _ originalState: State) -> Bool,
        timeout: Duration? = nil
    ) async throws -> (action: any Action, currentState: State, originalState: State)? {
        try checkCancellation()
        let (key, taken) = hub.wait(for: predicate)
        defer { hub.removeWaiter(key) }
        return try await awaitTaken(taken, timeout: timeout)
    }

    /// Waits for the next action of type `A` that `predicate` accepts; see
    /// ``take(_:timeout:)``.
    ///
    /// - Parameters:
    ///   - type: The action type to wait for.
    ///   - predicate: Gets the action, the state after it and the state before it.
    ///   - timeout: How long to wait on `dependencies.clock`; `nil` waits until
    ///     an action comes or the run is cancelled.
    /// - Returns: The action with the states, or `nil` if `timeout` passed first.
    /// - Throws: `CancellationError` if the run is cancelled (or the store goes).
    nonisolated(nonsending) public func take<A: Action>(
        _ type: A.Type,
        where predicate: @escaping @Sendable (A, State, State) -> Bool = { _, _, _ in true },
        timeout: Duration? = nil
    ) async throws -> (action: A, currentState: State, originalState: State)? {
        let taken = try await take(
            { action, current, original in (action as? A).map { predicate($0, current, original) } ?? false },
            timeout: timeout)
        guard let taken, let action = taken.action as? A else { return nil }
        return (action, taken.currentState, taken.originalState)
    }

    /// Waits until the state satisfies `predicate`: at once if the current
    /// state does, else after the first action whose resulting state does.
    /// (RTK's `condition` waits for a predicate of the action and states; with
    /// such a predicate, use `take(_:timeout:) != nil`.)
    ///
    /// - Parameters:
    ///   - predicate: Gets a state; keep it quick (it runs inside dispatches).
    ///   - timeout: How long to wait on `dependencies.clock`; `nil` waits until
    ///     the state satisfies it or the run is cancelled.
    /// - Returns: `true` once the state satisfies `predicate`, `false` if
    ///   `timeout` passed first.
    /// - Throws: `CancellationError` if the run is cancelled (or the store goes).
    nonisolated(nonsending) public func condition(
        _ predicate: @escaping @Sendable (State) -> Bool, timeout: Duration? = nil
    ) async throws
        -> Bool
    {
        try checkCancellation()
        // Registered before reading the state, so no action between the two is missed.
        let (key, taken) = hub.wait { _, state, _ in predicate(state) }
        defer { hub.removeWaiter(key) }
        if predicate(try await getState()) { return true }
        return try await awaitTaken(taken, timeout: timeout) != nil
    }

    /// Waits for what `taken` gets, or for `timeout` on the clock. The action
    /// resolves `taken` inside its dispatch and the timeout resolves the same
    /// `taken` when the clock wakes it, and the first to resolve it wins: the
    /// answer follows the order of events (an action dispatched before the
    /// clock passed the timeout is taken, even if both are seen at once).
    nonisolated(nonsending) private func awaitTaken(_ taken: OneShot<ListenerTaken<State>>, timeout: Duration?)
        async throws -> ListenerTaken<State>?
    {
        guard let timeout else { return try await taken.value() }
        let clock = dependencies.clock
        let outcome = try await withThrowingTaskGroup(of: Void.self) { group -> ListenerTaken<State>? in
            // Started in place: its sleep is on the clock before the take
            // suspends, so a test's advance right after the dispatch that
            // started this wait counts for it.
            group.addImmediateTask {
                try await clock.sleep(for: timeout)
                taken.resolve(.failure(ListenerWaitTimedOut()))
            }
            defer { group.cancelAll() }
            do {
                return try await taken.value()
            } catch is ListenerWaitTimedOut {
                return nil
            }
        }
        try checkCancellation()
        return outcome
    }

    /// Waits `duration` on `dependencies.clock` (RTK's `delay`), inside a fork
    /// as well.
    ///
    /// - Parameter duration: How long to wait.
    /// - Throws: `CancellationError` if the run (or, in a fork, the fork) is
    ///   cancelled first.
    nonisolated(nonsending) public func delay(_ duration: Duration) async throws {
        try checkCancellation()
        try await dependencies.clock.sleep(for: duration)
        try checkCancellation()
    }

    /// Runs `operation` and returns its result, but throws as soon as this run
    /// (or, in a fork, the fork) is cancelled, without waiting for an
    /// operation that ignores cancellation (RTK's `pause`). The operation runs
    /// in a task of its own, cancelled with the run, and anything it starts is
    /// cancelled with the run too.
    ///
    /// - Parameter operation: What to wait for.
    /// - Returns: What `operation` returned.
    /// - Throws: What `operation` threw, or `CancellationError` if the run is
    ///   cancelled first or the store is gone.
    nonisolated(nonsending) public func pause<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws
        -> Value
    {
        try checkCancellation()
        guard let runner = hub.runner else { throw CancellationError() }
        let outcome = OneShot<Value>()
        let work = runner.run(.listener, on: hub.store.route.actor, from: #isolation) {
            do {
                outcome.resolve(.success(try await operation()))
            } catch {
                outcome.resolve(.failure(error))
            }
        }
        let value = try await withTaskCancellationHandler {
            try await outcome.value()
        } onCancel: {
            work.cancel()
        }
        try checkCancellation()
        return value
    }
}

/// How a timed `take` or `condition` learns that its timeout passed first.
private struct ListenerWaitTimedOut: Error {}
