/// A result one side sets once and one waiter awaits: the first `resolve`
/// wins, later ones are ignored. Cancelling the waiting task resolves it with
/// a `CancellationError`.
///
/// A waiter in an effect parks while it waits (`EffectParking`), and the
/// `resolve` that wakes it unparks it first.
final class OneShot<Value: Sendable>: Sendable {
    private enum Status: Sendable {
        case waiting(CheckedContinuation<Value, any Error>?, ParkedWait?)
        case done(Result<Value, any Error>)
    }

    private let status = Locked(Status.waiting(nil, nil))

    /// Sets the result (if none was set) and wakes the waiter.
    func resolve(_ result: Result<Value, any Error>) {
        let waiter = status.withLock { status -> (CheckedContinuation<Value, any Error>, ParkedWait?)? in
            guard case .waiting(let waiter, let parked) = status else { return nil }
            status = .done(result)
            return waiter.map { ($0, parked) }
        }
        guard let (continuation, parked) = waiter else { return }
        parked?.wake()
        continuation.resume(with: result)
    }

    /// Waits for the result; one waiter only.
    nonisolated(nonsending) func value() async throws -> Value {
        let parked = Locked<ParkedWait?>(nil)
        // Running again: a wait that parked was woken, and its task resumes.
        defer { parked.withLock { $0 }?.resumed() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let done = status.withLock { status -> Result<Value, any Error>? in
                    if case .done(let result) = status { return result }
                    let wait = EffectParking.current?.park(onClock: false)
                    parked.withLock { $0 = wait }
                    status = .waiting(continuation, wait)
                    return nil
                }
                if let done { continuation.resume(with: done) }
            }
        } onCancel: {
            resolve(.failure(CancellationError()))
        }
    }
}
