/// A task that may be cancelled before it exists: an effect's task is known
/// only once its start returns, after its synchronous part has run, and that
/// part (or what it dispatched) may already have cancelled the effect.
/// Cancelling first cancels the task as soon as it is given. A listener run's
/// task and a tagged async thunk run's task live in one.
final class TaskSlot: Sendable {
    private struct Status: Sendable {
        var task: Task<Void, Never>?
        var cancelled = false
    }

    private let status = Locked(Status())

    /// Whether ``cancel()`` was called, before or after the task was given.
    var isCancelled: Bool { status.withLock { $0.cancelled } }

    /// Gives the task; cancels it at once if ``cancel()`` came first.
    func fill(_ task: Task<Void, Never>) {
        let cancelled = status.withLock { status in
            status.task = task
            return status.cancelled
        }
        if cancelled { task.cancel() }
    }

    /// Cancels the task, now or once it is given.
    func cancel() {
        let task = status.withLock { status in
            status.cancelled = true
            return status.task
        }
        task?.cancel()
    }
}
