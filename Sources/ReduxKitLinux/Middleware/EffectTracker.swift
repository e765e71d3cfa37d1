/// Counts the effect tasks one middleware chain has running, wakes those
/// waiting for them all to end (the test store's `finish()`, a server's
/// shutdown), and cancels them all on request (through the runners that
/// registered with it).
@usableFromInline package final class EffectTracker: Sendable {
    private struct Status {
        var running = 0
        var started = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
        /// Waits cancelled before they had parked their continuation.
        var cancelled: Set<UInt64> = []
        /// What cancels each registered runner's tasks.
        var cancellers: [UInt64: @Sendable () -> Void] = [:]
        var nextCanceller: UInt64 = 0
    }

    private let status = Locked(Status())

    /// How many effect tasks are running.
    package var running: Int { status.withLock { $0.running } }

    /// How many effect tasks were ever started.
    var started: Int { status.withLock { $0.started } }

    /// Registers what cancels a runner's tasks, until ``unregister(_:)``.
    ///
    /// - Returns: The key to unregister it with.
    package func register(canceller: @escaping @Sendable () -> Void) -> UInt64 {
        status.withLock { status in
            defer { status.nextCanceller &+= 1 }
            status.cancellers[status.nextCanceller] = canceller
            return status.nextCanceller
        }
    }

    /// Forgets a runner that is gone.
    package func unregister(_ key: UInt64) {
        _ = status.withLock { $0.cancellers.removeValue(forKey: key) }
    }

    /// Cancels every effect task of the chain now running.
    package func cancelAll() {
        for cancel in status.withLock({ Array($0.cancellers.values) }) { cancel() }
    }

    /// Notes a task starting.
    package func begin() {
        status.withLock {
            $0.running += 1
            $0.started += 1
        }
    }

    /// Notes a task ending; wakes the waiters when none is left.
    package func end() {
        let waiters = status.withLock { status -> [CheckedContinuation<Void, Never>] in
            status.running -= 1
            guard status.running == 0 else { return [] }
            defer { status.waiters = [:] }
            return Array(status.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns when no effect task is running (at once if none is), or when
    /// the waiting task is cancelled (so a test tool's timeout can give up
    /// without being held until the effects end).
    package func waitUntilIdle() async {
        let id = status.withLock { status in
            defer { status.nextWaiter &+= 1 }
            return status.nextWaiter
        }
        // A cancellation noted after the wait ended is forgotten with it.
        defer { status.withLock { _ = $0.cancelled.remove(id) } }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let done = status.withLock { status -> Bool in
                    if status.running == 0 || status.cancelled.remove(id) != nil { return true }
                    status.waiters[id] = continuation
                    return false
                }
                if done { continuation.resume() }
            }
        } onCancel: {
            let parked = status.withLock { status in
                let parked = status.waiters.removeValue(forKey: id)
                if parked == nil { status.cancelled.insert(id) }
                return parked
            }
            parked?.resume()
        }
    }
}
