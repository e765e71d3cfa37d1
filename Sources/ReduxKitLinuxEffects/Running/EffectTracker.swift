import ReduxKitLinux

/// Counts the effect tasks one middleware chain has running, wakes those
/// waiting for them all to end (the test store's `finish()`, a server's
/// shutdown), and cancels them all on request (through the runners that
/// registered with it).
package final class EffectTracker: Sendable {
    private struct Status {
        var running = 0
        var started = 0
        /// Waits for at most as many tasks as their tag to be running.
        var waiters = ParkedWaiters<Void, Int>()
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
        // In the order the runners registered, so cancellations come in one order every time.
        for cancel in status.withLock({ $0.cancellers.sorted { $0.key < $1.key }.map(\.value) }) { cancel() }
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
        let waiters = status.withLock { status in
            status.running -= 1
            let running = status.running
            return status.waiters.take { running <= $0 }
        }
        for waiter in waiters { waiter.continuation.resume() }
    }

    /// Returns when no effect task is running (at once if none is), or when
    /// the waiting task is cancelled (so a test tool's timeout can give up
    /// without being held until the effects end).
    package func waitUntilIdle() async {
        await waitUntilRunning(atMost: 0)
    }

    /// Returns when at most `count` effect tasks are running (at once if so),
    /// or when the waiting task is cancelled.
    package func waitUntilRunning(atMost count: Int) async {
        await status.park(in: \.waiters, tag: count, whenCancelled: ()) { $0.running <= count ? () : nil }
    }
}

extension StoreRoute {
    /// The tracker of the chain this route serves: the effects product's
    /// attachment to it, made the first time a middleware of the chain asks.
    package var effectTracker: EffectTracker { attachment { EffectTracker() } }
}

extension StoreBackend {
    /// The trackers of the effects this store's middleware chains run (none
    /// for a scoped store: its effects run in the root's chain).
    package func effectTrackers() -> [EffectTracker] {
        routeAttachments().compactMap { $0 as? EffectTracker }
    }
}
