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
/// only one under way.
final class ReductionRecorder<State: Sendable>: @unchecked Sendable {
    // Why no race is possible: `recording` is read and written only with `lock`
    // held, and everything in it (states, actions) is `Sendable`. (The library's
    // own lock box is internal to it.)

    /// One reduction.
    struct Step {
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

    /// Pairs the oldest action waiting with the state it produced.
    func reduced(to state: State) {
        withLock { recording in
            // A new state with no action through the middleware (replaceReducer,
            // time travel): nothing to assert, but later steps start from it.
            guard !recording.reducing.isEmpty else {
                recording.lastState = state
                return
            }
            let (action, isOwn) = recording.reducing.removeFirst()
            let step = Step(action: action, before: recording.lastState, after: state, isOwn: isOwn)
            recording.lastState = state
            if isOwn { recording.own = step } else { recording.received.append(step) }
        }
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
