import ReduxKitLinuxEffects

// Receiving: the next action middleware or effects dispatched, waited for on a
// continuation (no polling), until it comes or no effect is left to send it
// (or, given a timeout, until the timeout passes on the test store's
// `timeoutClock`); the hang net ends a wait nothing else ends.
extension TestStore {
    /// Waits for the next action middleware or effects dispatched, checks it
    /// is an `A`, and checks its state change.
    ///
    /// With no `timeout` (the default), the wait ends on an event, never on
    /// elapsed time: when the action comes, or when no effect of the store is
    /// running any more (so none is coming: the test fails at once). A wait
    /// that neither ends (an effect waits for something the test never does)
    /// fails after the test store's hang net, 60 seconds of wall-clock time,
    /// naming the effects still running.
    ///
    /// - Parameters:
    ///   - type: The action type expected next.
    ///   - timeout: How long to wait for it, on the test store's `timeoutClock`,
    ///     even if no effect runs (for an action a task of the test's own
    ///     dispatches); `nil` waits until no effect is running.
    ///   - update: Describes the change, on the state before the action; leave
    ///     it out when it must not change the state.
    ///   - fileID: Where the assertion is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    ///   - isolation: Where the test runs (filled in for you), so the
    ///     assertion closure need not be `Sendable` in a `@MainActor` test.
    public func receive<A: Action>(
        _ type: A.Type, timeout: Duration? = nil, assert update: ((inout State) -> Void)? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await receive(
            String(describing: type), timeout: timeout, matching: { $0 as? A },
            assert: { _, state in update?(&state) }, asserted: update != nil,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next action middleware or effects dispatched (as the
    /// first `receive(_:timeout:assert:)` does), checks it is an `A`, and checks its state change, described
    /// with the action in hand: `receive(Found.self) { action, state in state.results = action.results }`.
    ///
    /// - Parameters:
    ///   - type: The action type expected next.
    ///   - timeout: How long to wait for it, on the test store's `timeoutClock`,
    ///     even if no effect runs (for an action a task of the test's own
    ///     dispatches); `nil` waits until no effect is running.
    ///   - update: Describes the change from the received action, on the state
    ///     before it.
    ///   - fileID: Where the assertion is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    ///   - isolation: Where the test runs (filled in for you), so the
    ///     assertion closure need not be `Sendable` in a `@MainActor` test.
    public func receive<A: Action>(
        _ type: A.Type, timeout: Duration? = nil, assert update: (A, inout State) -> Void,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await receive(
            String(describing: type), timeout: timeout, matching: { $0 as? A }, assert: update, asserted: true,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next action middleware or effects dispatched (as the
    /// first `receive(_:timeout:assert:)` does), checks that `match` accepts it, and checks its state change.
    /// `match` is a matcher such as an async thunk's own:
    /// `receive(loadTodos.pending) { $0.isLoading = true }`.
    ///
    /// - Parameters:
    ///   - match: Returns the expected action, typed, or `nil` for any other
    ///     (`thunk.pending`, `thunk.fulfilled`, `thunk.rejected`…).
    ///   - timeout: How long to wait for it, on the test store's `timeoutClock`,
    ///     even if no effect runs (for an action a task of the test's own
    ///     dispatches); `nil` waits until no effect is running.
    ///   - update: Describes the change, on the state before the action; leave
    ///     it out when it must not change the state.
    ///   - fileID: Where the assertion is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    ///   - isolation: Where the test runs (filled in for you), so the closures
    ///     need not be `Sendable` in a `@MainActor` test.
    public func receive<Matched>(
        _ match: (any Action) -> Matched?, timeout: Duration? = nil,
        assert update: ((inout State) -> Void)? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await receive(
            String(describing: Matched.self), timeout: timeout, matching: match,
            assert: { _, state in update?(&state) }, asserted: update != nil,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next action middleware or effects dispatched (as the
    /// first `receive(_:timeout:assert:)` does), checks that `match` accepts it, and checks its state change,
    /// described with the matched action in hand:
    /// `receive(loadTodos.fulfilled) { action, state in state.todos = action.value }`.
    ///
    /// - Parameters:
    ///   - match: Returns the expected action, typed, or `nil` for any other
    ///     (`thunk.pending`, `thunk.fulfilled`, `thunk.rejected`…).
    ///   - timeout: How long to wait for it, on the test store's `timeoutClock`,
    ///     even if no effect runs (for an action a task of the test's own
    ///     dispatches); `nil` waits until no effect is running.
    ///   - update: Describes the change from what `match` returned, on the
    ///     state before the action.
    ///   - fileID: Where the assertion is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    ///   - isolation: Where the test runs (filled in for you), so the closures
    ///     need not be `Sendable` in a `@MainActor` test.
    public func receive<Matched>(
        _ match: (any Action) -> Matched?, timeout: Duration? = nil,
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
    ///   - timeout: How long to wait for it, on the test store's `timeoutClock`,
    ///     even if no effect runs (for an action a task of the test's own
    ///     dispatches); `nil` waits until no effect is running.
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
        _ description: String, timeout: Duration? = nil, where predicate: @escaping (any Action) -> Bool,
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
        _ expected: String, timeout: Duration?, matching match: (any Action) -> Matched?,
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
            case .nothingRunning:
                fail(TestStoreFailure.nothingReceivedAndNoEffectRunning(expected), at: site)
                return
            case .timedOut(let timeout):
                fail(
                    TestStoreFailure.nothingReceived(expected, within: timeout, running: store.runningEffectCount),
                    at: site)
                return
            case .hung(let limit):
                fail(
                    TestStoreFailure.nothingReceived(
                        expected, hungFor: limit, running: store.runningEffectCount, startedBy: effectStarters),
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

    /// What ended a wait for the next received action.
    enum Reception: Sendable {
        /// The action came.
        case received(ReductionRecorder<State>.Step)
        /// No effect is running, so none is coming (a wait without a timeout).
        case nothingRunning
        /// The timeout passed on the timeout clock.
        case timedOut(Duration)
        /// The hang net passed on the wall clock, with no other end.
        case hung(Duration)
    }

    /// Waits for the next received action. With no `timeout`, the wait ends
    /// on an event: the action, or the last running effect's end (an effect
    /// dispatches before it ends, so its action is in by then). With one, it
    /// ends at the timeout on the timeout clock instead of at the effects'
    /// end (for actions from tasks of the test's own). Either way the hang
    /// net ends a wait that nothing ends, on the wall clock.
    private func nextReceived(
        within timeout: Duration?, isolation: isolated (any Actor)? = #isolation
    ) async -> Reception {
        let recorder = recorder
        let store = store
        let clock = timeoutClock
        let limit = hangNet
        return await withTaskGroup(of: Reception?.self) { group in
            group.addTask { await recorder.nextReceived().map { .received($0) } }
            if let timeout {
                group.addTask {
                    await sleepUnlessCancelled(on: clock, for: timeout)
                    return .timedOut(timeout)
                }
            } else {
                group.addTask {
                    await store.waitForEffects()
                    return Task.isCancelled ? nil : .nothingRunning
                }
            }
            group.addTask {
                await sleepUnlessCancelled(on: ContinuousClock(), for: limit)
                return .hung(limit)
            }
            // The first to end wins; the others are cancelled. A step the waiter
            // took just as another end came is still returned, never lost.
            var first: Reception?
            var received: Reception?
            for await outcome in group {
                group.cancelAll()
                if first == nil { first = outcome }
                if case .received = outcome { received = outcome }
            }
            if received == nil, let step = recorder.popReceived() { return .received(step) }
            return received ?? first ?? .hung(limit)
        }
    }
}

func sleepUnlessCancelled<SomeClock: Clock<Duration>>(on clock: SomeClock, for duration: Duration) async {
    try? await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
}

/// Waits for `event`, or for `limit` of wall-clock time, whichever ends
/// first (a hang net: the event is what ends a passing wait).
///
/// - Parameters:
///   - event: Returns when what the caller waits for has happened (or when cancelled).
///   - limit: The hang net, on the wall clock.
/// - Returns: `true` if the event came first, `false` if the limit passed
///   first, `nil` if the waiting task was cancelled.
func firstOf(_ event: @escaping @Sendable () async -> Void, orHangNet limit: Duration) async -> Bool? {
    await withTaskGroup(of: Bool?.self) { group in
        group.addTask {
            await event()
            return true
        }
        group.addTask {
            await sleepUnlessCancelled(on: ContinuousClock(), for: limit)
            return false
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return Task.isCancelled ? nil : first
    }
}
