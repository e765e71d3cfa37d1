/// Counts the effect tasks one middleware chain has running, wakes those
/// waiting for them all to end (the test store's `finish()`, a server's
/// shutdown), and cancels them all on request (through the runners that
/// registered with it).
///
/// It also counts the tasks *parked*: suspended in a wait the effects
/// runtime knows (asleep on a test clock, in a listener's `take` or
/// `condition`, awaiting a `pause`d operation). Whoever wakes a parked task
/// unparks it before resuming it, so when every running task is parked
/// nothing of the chain can run until something outside it acts: what a
/// test clock waits for before it moves time (``waitUntilSettled()``).
@usableFromInline package final class EffectTracker: Sendable {
    private struct Status {
        var running = 0
        var started = 0
        /// Running tasks parked in a known wait, and of them those asleep on a clock.
        var parked = 0
        var parkedOnClock = 0
        /// Running tasks sure to go on soon: begun but not yet started, or
        /// woken from a known wait but not yet resumed.
        var pending = 0
        /// Bumped by every change of the counts: how a waiter tells effects
        /// that go on from effects that wait for something it cannot see.
        var activity: UInt64 = 0
        /// Tests waiting for every running task to be parked (``waitUntilSettled()``).
        var settleWaiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
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

    /// How many running effect tasks are parked in a known wait, and how
    /// many of those sleep on a clock.
    package var parked: (all: Int, onClock: Int) { status.withLock { ($0.parked, $0.parkedOnClock) } }

    /// How many running tasks are sure to go on soon (begun but not started,
    /// woken but not resumed), and how often the counts changed so far.
    package var progress: (pending: Int, activity: UInt64) { status.withLock { ($0.pending, $0.activity) } }

    /// Whether every running effect task is parked (none running counts).
    package var isSettled: Bool { status.withLock { $0.running == $0.parked } }

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
            $0.pending += 1
            $0.activity &+= 1
        }
    }

    /// Notes a task begun with ``begin()`` starting to run.
    package func starts() {
        status.withLock {
            $0.pending -= 1
            $0.activity &+= 1
        }
    }

    /// Notes a task woken from a known wait (``unpark(onClock:)``, or a wait
    /// of a task parked by another) running again.
    package func resumes() {
        status.withLock {
            $0.pending -= 1
            $0.activity &+= 1
        }
    }

    /// Notes a task ending; wakes the waiters when none is left.
    package func end() {
        let waiters = status.withLock { status -> [CheckedContinuation<Void, Never>] in
            status.running -= 1
            status.activity &+= 1
            var woken = Self.takeSettleWaiters(&status)
            guard status.running == 0 else { return woken }
            defer { status.waiters = [:] }
            woken += status.waiters.values
            return woken
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Notes a running task parking in a known wait (`onClock`: a clock sleep).
    package func park(onClock: Bool) {
        let waiters = status.withLock { status in
            status.parked += 1
            if onClock { status.parkedOnClock += 1 }
            status.activity &+= 1
            return Self.takeSettleWaiters(&status)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Notes a parked task woken (called by its waker, before it resumes it);
    /// it is pending until it ``resumes()``.
    package func unpark(onClock: Bool) {
        status.withLock { status in
            status.parked -= 1
            if onClock { status.parkedOnClock -= 1 }
        }
        woke()
    }

    /// Notes a wait woken whose task goes on parked in another (so pending
    /// until it ``resumes()``, without unparking).
    package func woke() {
        status.withLock { status in
            status.pending += 1
            status.activity &+= 1
        }
    }

    /// The settle waiters, if every running task is parked.
    private static func takeSettleWaiters(_ status: inout Status) -> [CheckedContinuation<Void, Never>] {
        guard status.running == status.parked, !status.settleWaiters.isEmpty else { return [] }
        defer { status.settleWaiters = [:] }
        return Array(status.settleWaiters.values)
    }

    /// Returns when every running effect task is parked or none runs (at
    /// once if so), or when the waiting task is cancelled.
    package func waitUntilSettled() async {
        await park(untilSettled: true)
    }

    /// Returns when no effect task is running (at once if none is), or when
    /// the waiting task is cancelled (so a test tool's timeout can give up
    /// without being held until the effects end).
    package func waitUntilIdle() async {
        await park(untilSettled: false)
    }

    /// Parks the calling task until every running task is parked
    /// (`untilSettled`) or none runs, at once if that holds; returns early if
    /// the task is cancelled.
    private func park(untilSettled: Bool) async {
        let id = status.withLock { status in
            defer { status.nextWaiter &+= 1 }
            return status.nextWaiter
        }
        // A cancellation noted after the wait ended is forgotten with it.
        defer { status.withLock { _ = $0.cancelled.remove(id) } }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = status.withLock { status -> Bool in
                    let done = untilSettled ? status.running == status.parked : status.running == 0
                    if done || status.cancelled.remove(id) != nil { return true }
                    if untilSettled {
                        status.settleWaiters[id] = continuation
                    } else {
                        status.waiters[id] = continuation
                    }
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let parked = status.withLock { status in
                let parked =
                    untilSettled ? status.settleWaiters.removeValue(forKey: id) : status.waiters.removeValue(forKey: id)
                if parked == nil { status.cancelled.insert(id) }
                return parked
            }
            parked?.resume()
        }
    }
}
