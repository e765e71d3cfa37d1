import Foundation

/// Records everything the store's reducer sees to a JSON Lines file: the
/// middleware spelling of ``ActionLog``, which it makes when the store is
/// created (see there for what is recorded, when it is written and what is
/// reported).
///
/// It records what reaches the reducer, wherever it sits in the chain:
/// actions other middleware and effects dispatch, nested dispatches and
/// time-travel jumps included. Only when applied to a scoped store, or through
/// a ``/ReduxKitLinux/MiddlewareApi`` made by hand (neither has a reducer of its own), does it
/// record the actions that pass through it instead, and no jumps. Replay a log
/// with ``replayActionLog(at:registry:into:options:)``.
///
/// - Parameters:
///   - registry: The action types to record.
///   - url: The file to write; each store's run appends a session to it.
///   - unregistered: Whether an action of a type not in `registry` is an error
///     (``UnregisteredActions/report``, the default) or expected.
///   - onError: Called with each ``ActionLogWriteError``; by default, a line
///     to standard error.
/// - Returns: The middleware.
public func actionLogMiddleware<State>(
    registry: ActionRegistry,
    to url: URL,
    unregistered: UnregisteredActions = .report,
    onError: @escaping @Sendable (any Error) -> Void = ActionLogWriteError.reportToStandardError
) -> Middleware<State> {
    { api in
        let log = ActionLog<State>(registry: registry, file: url, unregistered: unregistered, onError: onError)
        if let core = api.core {
            log.attach(to: core)
            return { next in next }
        }
        let recorder = log.makeRecorder(
            startingState: ActionLogRecorder.startingState(api.getState(), file: url, onError: onError))
        return { next in
            { action in
                // Recorded before it goes on, so nested dispatches come after it;
                // the state after it is not known yet, so a file rotation here
                // starts without a state (`()` is not Encodable).
                recorder.record(action, state: ())
                return next(action)
            }
        }
    }
}
