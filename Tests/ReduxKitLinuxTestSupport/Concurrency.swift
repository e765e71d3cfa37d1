import Foundation
import Synchronization

@testable import ReduxKitLinux

/// Runs `body(0)`, …, `body(count - 1)` on `count` threads of their own, all at
/// once (unlike `concurrentPerform`, which on two cores may run them two at a
/// time), and returns when all have finished.
package func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            start.wait()
            body(index)
            group.leave()
        }
        thread.start()
    }
    for _ in 0..<count { start.signal() }
    group.wait()
}

/// A shared counter, for totals and violations counted from many threads.
package final class Counter: Sendable {
    package init() {}

    private let value = Atomic<Int>(0)

    package func increment() {
        value.add(1, ordering: .relaxed)
    }

    package var count: Int {
        value.load(ordering: .relaxed)
    }
}

/// A flag that notices when two threads are inside the same region at once.
package final class ReentryDetector: Sendable {
    package init() {}

    private let inside = Atomic<Bool>(false)
    package let overlaps = Counter()

    package func enter() {
        if inside.exchange(true, ordering: .acquiringAndReleasing) { overlaps.increment() }
    }

    package func leave() {
        inside.store(false, ordering: .releasing)
    }
}

/// A flag set once, from any thread.
package final class Flag: Sendable {
    package init() {}

    private let value = Atomic<Bool>(false)

    package var isSet: Bool { value.load(ordering: .acquiring) }

    package func set() {
        value.store(true, ordering: .releasing)
    }
}

/// Notices when a region is entered from two threads at once, while allowing
/// one thread to re-enter it (as a subscriber is, when it dispatches and the
/// nested round calls it again).
package final class CrossThreadEntryDetector: Sendable {
    package init() {}

    private let holder = Locked<(thread: pthread_t, depth: Int)>((pthread_self(), 0))
    package let overlaps = Counter()

    package func enter() {
        let thread = pthread_self()
        holder.withLock {
            if $0.depth > 0 && pthread_equal($0.thread, thread) == 0 { overlaps.increment() }
            $0.thread = thread
            $0.depth += 1
        }
    }

    package func leave() {
        holder.withLock { $0.depth -= 1 }
    }
}

/// For exit tests: if the process is still running after `seconds`, it exits
/// with status 97 and says so on standard error. A misuse that deadlocked would
/// then fail its exit test (the expected message never appears) instead of
/// hanging the suite. The wall-clock sleep here is a safety net, not timing:
/// no test's outcome depends on how long it takes, only on a deadlock.
package func exitIfStillRunning(after seconds: Double = 60) {
    Thread.detachNewThread {
        Thread.sleep(forTimeInterval: seconds)
        FileHandle.standardError.write(Data("deadlock watchdog: still running after \(seconds) s\n".utf8))
        exit(97)
    }
}

/// Runs `body` on a thread of its own and waits at most `seconds` for it:
/// returns what it returned, or `nil` if it has not finished by then (a deadlock).
/// The deadline is a safety net against a deadlock, not timing.
package func result<Value: Sendable>(within seconds: Double = 60, of body: @escaping @Sendable () -> Value) -> Value? {
    let done = DispatchSemaphore(value: 0)
    let outcome = Locked<Value?>(nil)
    Thread.detachNewThread {
        let value = body()
        outcome.withLock { $0 = value }
        done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return outcome.withLock { $0 }
}

/// A gate async effects wait at until the test opens it: a continuation for
/// each waiter, resumed when the gate opens or the waiting task is cancelled
/// (so an effect can wait "until cancelled" at a gate that never opens).
package final class Gate: Sendable {
    package init() {}

    private struct Waiters: Sendable {
        var isOpen = false
        /// Woken with `true` when opened, `false` when cancelled.
        var waiting = ParkedWaiters<Bool, Void>()
    }

    private let waiters = Locked(Waiters())

    package func open() {
        let waiting = waiters.withLock { waiters in
            waiters.isOpen = true
            return waiters.waiting.take { true }
        }
        for waiter in waiting { waiter.continuation.resume(returning: true) }
    }

    /// Waits until opened; throws `CancellationError` if the task is cancelled first.
    package func wait() async throws {
        let opened = await waiters.park(in: \.waiting, tag: (), whenCancelled: false) { $0.isOpen ? true : nil }
        if !opened { throw CancellationError() }
    }
}

/// Runs `body` on a thread of its own (it may block, say on child processes), and
/// returns what it returned, leaving the concurrency pool's threads free.
package func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}
