import Foundation
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
final class ReductionRecorder<State: Sendable>: @unchecked Sendable {
    // Why no race is possible: `recording` is read and written only with `lock`
    // held, and everything in it (states, actions, continuations) is `Sendable`. (The library's
    // own lock box is internal to it.)

    /// One reduction.
    struct Step: Sendable {
        let action: any Action
        let before: State
        let after: State
        let isOwn: Bool
    }

    private struct Recording {
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
        /// Tests waiting for the next received reduction, oldest first.
        var waiters: [(id: UInt64, continuation: CheckedContinuation<Step?, Never>)] = []
        var nextWaiterID: UInt64 = 0
        /// Waits cancelled before they had parked their continuation.
        var cancelledWaits: Set<UInt64> = []
    }

    private let lock = NSLock()
    private var recording: Recording

    init(initialState: State) {
        recording = Recording(lastState: initialState)
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
        let id = withLock { recording in
            defer { recording.nextWaiterID &+= 1 }
            return recording.nextWaiterID
        }
        // A cancellation noted after the wait ended is forgotten with it.
        defer { withLock { _ = $0.cancelledWaits.remove(id) } }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Step?, Never>) in
                let ready = withLock { recording -> Step?? in
                    if recording.cancelledWaits.remove(id) != nil { return .some(nil) }
                    if !recording.received.isEmpty { return .some(recording.received.removeFirst()) }
                    recording.waiters.append((id, continuation))
                    return .none
                }
                if case .some(let step) = ready { continuation.resume(returning: step) }
            }
        } onCancel: {
            let parked = withLock { recording -> CheckedContinuation<Step?, Never>? in
                guard let index = recording.waiters.firstIndex(where: { $0.id == id }) else {
                    recording.cancelledWaits.insert(id)
                    return nil
                }
                return recording.waiters.remove(at: index).continuation
            }
            parked?.resume(returning: nil)
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
            if !recording.waiters.isEmpty { return (recording.waiters.removeFirst().continuation, step) }
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
        lock.lock()
        defer { lock.unlock() }
        return body(&recording)
    }
}
