import ReduxKitLinux

/// Records, for a ``TestStore``, every reduction its store makes: the action
/// that reached the reducer, the state before and after, and whether the test
/// dispatched it itself or middleware and effects did.
///
/// Two middleware mark the chain: the outermost counts how deep dispatches are
/// nested, the innermost sees each action as it reaches the reducer. A
/// subscriber added first pairs each reduction with the state it produced. The
/// test's own action is the first to reach the reducer while its dispatch is the
/// only one under way. A test waiting for a received action parks a
/// continuation that the reduction resumes, so nothing polls.
final class ReductionRecorder<State: Sendable>: Sendable {

    /// One reduction.
    struct Step: Sendable {
        let action: any Action
        let before: State
        let after: State
        let isOwn: Bool
    }

    private struct Recording: Sendable {
        /// The reduction of the test's own dispatch, not yet checked.
        var own: Step?
        /// Reductions the test has not asserted yet: actions dispatched by middleware or effects.
        var received: [Step] = []
        /// Actions that reached the reducer, waiting for the state they produced.
        var reducing: [(action: any Action, isOwn: Bool)] = []
        var lastState: State
        var depth = 0
        var ownDispatchPending = false
        var ownReductionSeen = false
        /// Tests waiting for the next received reduction (`nil` when cancelled).
        var waiters = ParkedWaiters<Step?, Void>()
    }

    private let recording: Locked<Recording>

    init(initialState: State) {
        recording = Locked(Recording(lastState: initialState))
    }

    /// The outermost middleware: counts nested dispatches.
    var outermost: Middleware<State> {
        { _ in
            { next in
                { [weak self] action in
                    self?.withLock { $0.depth += 1 }
                    defer { self?.withLock { $0.depth -= 1 } }
                    return next(action)
                }
            }
        }
    }

    /// The innermost middleware: sees each action as it reaches the reducer.
    var innermost: Middleware<State> {
        { _ in
            { next in
                { [weak self] action in
                    self?.reaching(action)
                    return next(action)
                }
            }
        }
    }

    /// Marks the next top-level dispatch as the test's own.
    func beginOwnDispatch() {
        withLock {
            $0.ownDispatchPending = true
            $0.ownReductionSeen = false
            $0.own = nil
        }
    }

    /// Ends the test's own dispatch and returns its reduction, if it reached the reducer.
    func endOwnDispatch() -> Step? {
        withLock { recording in
            recording.ownDispatchPending = false
            defer { recording.own = nil }
            return recording.own
        }
    }

    /// The received reductions not asserted yet.
    var received: [Step] { withLock { $0.received } }

    /// Takes the oldest received reduction, if any.
    func popReceived() -> Step? {
        withLock { $0.received.isEmpty ? nil : $0.received.removeFirst() }
    }

    /// Takes every received reduction.
    func takeReceived() -> [Step] {
        withLock { recording in
            defer { recording.received.removeAll() }
            return recording.received
        }
    }

    /// Takes the oldest received reduction, waiting for one if none is
    /// there; `nil` if the waiting task is cancelled first.
    func nextReceived() async -> Step? {
        await recording.park(in: \.waiters, tag: (), whenCancelled: nil) { recording -> Step?? in
            // Spelled out: `isEmpty ? nil : removeFirst()` would be a `Step?`,
            // so an empty queue would answer `.some(nil)`, "cancelled", at once.
            guard !recording.received.isEmpty else { return .none }
            return .some(recording.received.removeFirst())
        }
    }

    /// Pairs the oldest action waiting with the state it produced; a received
    /// reduction goes to the oldest test waiting for one, if any.
    func reduced(to state: State) {
        let handOff = withLock { recording -> (CheckedContinuation<Step?, Never>, Step)? in
            // A new state with no action through the middleware (replaceReducer,
            // time travel): nothing to assert, but later steps start from it.
            guard !recording.reducing.isEmpty else {
                recording.lastState = state
                return nil
            }
            let (action, isOwn) = recording.reducing.removeFirst()
            let step = Step(action: action, before: recording.lastState, after: state, isOwn: isOwn)
            recording.lastState = state
            if isOwn {
                recording.own = step
                return nil
            }
            // A waiter parks only while nothing is queued, so handing over keeps the order.
            if let waiter = recording.waiters.takeOldest() { return (waiter, step) }
            recording.received.append(step)
            return nil
        }
        if let (waiter, step) = handOff { waiter.resume(returning: step) }
    }

    private func reaching(_ action: any Action) {
        withLock { recording in
            let isOwn = recording.ownDispatchPending && recording.depth == 1 && !recording.ownReductionSeen
            if isOwn { recording.ownReductionSeen = true }
            recording.reducing.append((action, isOwn))
        }
    }

    private func withLock<Result>(_ body: (inout Recording) -> Result) -> Result {
        recording.withLock(body)
    }
}
