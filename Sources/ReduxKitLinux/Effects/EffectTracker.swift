/// Counts the effect tasks one middleware chain has running, and wakes those
/// waiting for them all to end (the test store's `finish()`).
@usableFromInline
final class EffectTracker: Sendable {
    private struct Status {
        var running = 0
        var started = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let status = Locked(Status())

    /// How many effect tasks are running.
    var running: Int { status.withLock { $0.running } }

    /// How many effect tasks were ever started.
    var started: Int { status.withLock { $0.started } }

    /// Notes a task starting.
    func begin() {
        status.withLock {
            $0.running += 1
            $0.started += 1
        }
    }

    /// Notes a task ending; wakes the waiters when none is left.
    func end() {
        let waiters = status.withLock { status -> [CheckedContinuation<Void, Never>] in
            status.running -= 1
            guard status.running == 0 else { return [] }
            defer { status.waiters = [] }
            return status.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns when no effect task is running (at once if none is).
    func waitUntilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = status.withLock { status -> Bool in
                if status.running == 0 { return true }
                status.waiters.append(continuation)
                return false
            }
            if idle { continuation.resume() }
        }
    }
}
