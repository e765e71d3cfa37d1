/// A result one side sets once and one waiter awaits: the first `resolve`
/// wins, later ones are ignored. Cancelling the waiting task resolves it with
/// a `CancellationError`. The wait is a known one for the waiter's
/// ``EffectActivity``: `resolve` wakes it (in the resolver's group) first.
final class OneShot<Value: Sendable>: Sendable {
    private enum Status: Sendable {
        case waiting(CheckedContinuation<Value, any Error>?, EffectActivity?)
        case done(Result<Value, any Error>)
    }

    private let status = Locked(Status.waiting(nil, nil))

    /// Sets the result (if none was set) and wakes the waiter.
    func resolve(_ result: Result<Value, any Error>) {
        let waiter = status.withLock { status -> CheckedContinuation<Value, any Error>?? in
            guard case .waiting(let waiter, let activity) = status else { return nil }
            status = .done(result)
            activity?.wakes(joining: EffectActivity.current?.followingGroup)
            return waiter
        }
        if case .some(.some(let waiter)) = waiter { waiter.resume(with: result) }
    }

    /// Waits for the result; one waiter only.
    nonisolated(nonsending) func value() async throws -> Value {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let done = status.withLock { status -> Result<Value, any Error>? in
                    if case .done(let result) = status { return result }
                    let activity = EffectActivity.current
                    status = .waiting(continuation, activity)
                    activity?.waits()
                    return nil
                }
                if let done { continuation.resume(with: done) }
            }
        } onCancel: {
            resolve(.failure(CancellationError()))
        }
    }
}
