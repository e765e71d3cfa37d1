import ReduxKitLinuxEffects

// Receiving: the next action middleware or effects dispatched, waited for on a
// continuation (no polling), with a timeout measured on the test store's
// `timeoutClock`.
extension TestStore {
    /// Waits for the next action middleware or effects dispatched (up to
    /// `timeout`), checks it is an `A`, and checks its state change.
    ///
    /// - Parameters:
    ///   - type: The action type expected next.
    ///   - timeout: How long to wait for it, on the test store's `timeoutClock`.
    ///   - update: Describes the change, on the state before the action; leave
    ///     it out when it must not change the state.
    ///   - fileID: Where the assertion is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    ///   - isolation: Where the test runs (filled in for you), so the
    ///     assertion closure need not be `Sendable` in a `@MainActor` test.
    public func receive<A: Action>(
        _ type: A.Type, timeout: Duration = .seconds(5), assert update: ((inout State) -> Void)? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await receive(
            String(describing: type), timeout: timeout, matching: { $0 as? A },
            assert: { _, state in update?(&state) }, asserted: update != nil,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next action middleware or effects dispatched (up to
    /// `timeout`), checks it is an `A`, and checks its state change, described
    /// with the action in hand: `receive(Found.self) { action, state in state.results = action.results }`.
    ///
    /// - Parameters:
    ///   - type: The action type expected next.
    ///   - timeout: How long to wait for it, on the test store's `timeoutClock`.
    ///   - update: Describes the change from the received action, on the state
    ///     before it.
    ///   - fileID: Where the assertion is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    ///   - isolation: Where the test runs (filled in for you), so the
    ///     assertion closure need not be `Sendable` in a `@MainActor` test.
    public func receive<A: Action>(
        _ type: A.Type, timeout: Duration = .seconds(5), assert update: (A, inout State) -> Void,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await receive(
            String(describing: type), timeout: timeout, matching: { $0 as? A }, assert: update, asserted: true,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next action middleware or effects dispatched (up to
    /// `timeout`), checks that `match` accepts it, and checks its state change.
    /// `match` is a matcher such as an async thunk's own:
    /// `receive(loadTodos.pending) { $0.isLoading = true }`.
    ///
    /// - Parameters:
    ///   - match: Returns the expected action, typed, or `nil` for any other
    ///     (`thunk.pending`, `thunk.fulfilled`, `thunk.rejected`…).
    ///   - timeout: How long to wait for it, on the test store's `timeoutClock`.
    ///   - update: Describes the change, on the state before the action; leave
    ///     it out when it must not change the state.
    ///   - fileID: Where the assertion is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    ///   - isolation: Where the test runs (filled in for you), so the closures
    ///     need not be `Sendable` in a `@MainActor` test.
    public func receive<Matched>(
        _ match: (any Action) -> Matched?, timeout: Duration = .seconds(5),
        assert update: ((inout State) -> Void)? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await receive(
            String(describing: Matched.self), timeout: timeout, matching: match,
            assert: { _, state in update?(&state) }, asserted: update != nil,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next action middleware or effects dispatched (up to
    /// `timeout`), checks that `match` accepts it, and checks its state change,
    /// described with the matched action in hand:
    /// `receive(loadTodos.fulfilled) { action, state in state.todos = action.value }`.
    ///
    /// - Parameters:
    ///   - match: Returns the expected action, typed, or `nil` for any other
    ///     (`thunk.pending`, `thunk.fulfilled`, `thunk.rejected`…).
    ///   - timeout: How long to wait for it, on the test store's `timeoutClock`.
    ///   - update: Describes the change from what `match` returned, on the
    ///     state before the action.
    ///   - fileID: Where the assertion is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    ///   - isolation: Where the test runs (filled in for you), so the closures
    ///     need not be `Sendable` in a `@MainActor` test.
    public func receive<Matched>(
        _ match: (any Action) -> Matched?, timeout: Duration = .seconds(5),
        assert update: (Matched, inout State) -> Void,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await receive(
            String(describing: Matched.self), timeout: timeout, matching: match, assert: update, asserted: true,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next action middleware or effects dispatched, checks that
    /// `predicate` accepts it, and checks its state change.
    ///
    /// - Parameters:
    ///   - description: Names the expected action in failure messages.
    ///   - timeout: How long to wait for it, on the test store's `timeoutClock`.
    ///   - predicate: Accepts the expected action.
    ///   - update: Describes the change, on the state before the action; leave
    ///     it out when it must not change the state.
    ///   - fileID: Where the assertion is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    ///   - isolation: Where the test runs (filled in for you), so the closures
    ///     need not be `Sendable` in a `@MainActor` test.
    public func receive(
        _ description: String, timeout: Duration = .seconds(5), where predicate: @escaping (any Action) -> Bool,
        assert update: ((inout State) -> Void)? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await receive(
            description, timeout: timeout, matching: { predicate($0) ? $0 : nil },
            assert: { _, state in update?(&state) }, asserted: update != nil,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    // MARK: - Waiting and checking

    private func receive<Matched>(
        _ expected: String, timeout: Duration, matching match: (any Action) -> Matched?,
        assert update: (Matched, inout State) -> Void, asserted: Bool, at site: CallSite,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        note(site)
        var step: ReductionRecorder<State>.Step
        var matched: Matched?
        repeat {
            switch await nextReceived(within: timeout) {
            case .received(let received):
                step = received
            case .timedOut:
                fail(
                    TestStoreFailure.nothingReceived(expected, within: timeout, running: store.runningEffectCount),
                    at: site)
                return
            case .gaveUp(let limit):
                let running = store.runningEffectCount
                fail(
                    TestStoreFailure.nothingReceived(expected, within: timeout, gaveUpAfter: limit, running: running),
                    at: site)
                return
            }
            matched = match(step.action)
            // Not exhaustive: actions that do not match are passed over.
        } while matched == nil && exhaustivity == .off
        guard let matched else {
            fail(TestStoreFailure.unexpected(step.action, expected: expected), at: site)
            return
        }
        check(step, expected: expectedState(for: step, update: { update(matched, &$0) }), asserted: asserted, at: site)
    }

    /// How a wait for the next received action ended.
    enum Reception: Sendable {
        /// The action came.
        case received(ReductionRecorder<State>.Step)
        /// The timeout passed on the timeout clock (or the waiting task was cancelled).
        case timedOut
        /// The wall-clock limit passed first (the timeout clock not being the wall clock).
        case gaveUp(Duration)
    }

    /// The next received action's step, waiting up to `timeout` on the timeout
    /// clock (and up to the wall-clock limit, when that is not the wall clock).
    private func nextReceived(
        within timeout: Duration, isolation: isolated (any Actor)? = #isolation
    ) async -> Reception {
        let recorder = recorder
        let clock = timeoutClock
        let limit = wallClockNet
        return await withTaskGroup(of: Reception?.self) { group in
            group.addTask { await recorder.nextReceived().map { .received($0) } }
            group.addTask {
                await sleepUnlessCancelled(on: clock, for: timeout)
                return .timedOut
            }
            if let limit {
                group.addTask {
                    await sleepUnlessCancelled(on: ContinuousClock(), for: limit)
                    return .gaveUp(limit)
                }
            }
            // The first to end wins; the others are cancelled. A step the waiter
            // took just as the timeout ended is still returned, never lost.
            var first: Reception?
            var received: Reception?
            for await outcome in group {
                group.cancelAll()
                if first == nil { first = outcome }
                if case .received = outcome { received = outcome }
            }
            return received ?? first ?? .timedOut
        }
    }
}

/// Sleeps for `duration` on `clock`; returns early if the task is cancelled.
func sleepUnlessCancelled<SomeClock: Clock<Duration>>(on clock: SomeClock, for duration: Duration) async {
    try? await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
}
