import Foundation
import Synchronization

@testable import ReduxKitLinux

/// Runs `body(0)`, …, `body(count - 1)` on `count` threads of their own, all at
/// once (unlike `concurrentPerform`, which on two cores may run them two at a
/// time), and returns when all have finished.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
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
final class Counter: Sendable {
    private let value = Atomic<Int>(0)

    func increment() {
        value.add(1, ordering: .relaxed)
    }

    var count: Int {
        value.load(ordering: .relaxed)
    }
}

/// A flag that notices when two threads are inside the same region at once.
final class ReentryDetector: Sendable {
    private let inside = Atomic<Bool>(false)
    let overlaps = Counter()

    func enter() {
        if inside.exchange(true, ordering: .acquiringAndReleasing) { overlaps.increment() }
    }

    func leave() {
        inside.store(false, ordering: .releasing)
    }
}

/// A flag set once, from any thread.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .acquiring) }

    func set() {
        value.store(true, ordering: .releasing)
    }
}

/// Notices when a region is entered from two threads at once, while allowing
/// one thread to re-enter it (as a subscriber is, when it dispatches and the
/// nested round calls it again).
final class CrossThreadEntryDetector: Sendable {
    private let holder = Locked<(thread: pthread_t, depth: Int)>((pthread_self(), 0))
    let overlaps = Counter()

    func enter() {
        let thread = pthread_self()
        holder.withLock {
            if $0.depth > 0 && pthread_equal($0.thread, thread) == 0 { overlaps.increment() }
            $0.thread = thread
            $0.depth += 1
        }
    }

    func leave() {
        holder.withLock { $0.depth -= 1 }
    }
}

/// For exit tests: if the process is still running after `seconds`, it exits
/// with status 97 and says so on standard error. A misuse that deadlocked would
/// then fail its exit test (the expected message never appears) instead of
/// hanging the suite. The wall-clock sleep here is a safety net, not timing:
/// no test's outcome depends on how long it takes, only on a deadlock.
func exitIfStillRunning(after seconds: Double = 10) {
    Thread.detachNewThread {
        Thread.sleep(forTimeInterval: seconds)
        FileHandle.standardError.write(Data("deadlock watchdog: still running after \(seconds) s\n".utf8))
        exit(97)
    }
}

/// Runs `body` on a thread of its own and waits at most `seconds` for it:
/// returns what it returned, or `nil` if it has not finished by then (a deadlock).
/// The deadline is a safety net against a deadlock, not timing.
func result<Value: Sendable>(within seconds: Double = 10, of body: @escaping @Sendable () -> Value) -> Value? {
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

/// Waits, polling, until `condition` holds or `seconds` pass; returns whether it held.
///
/// Only for a condition nothing signals (a write done on another queue, a
/// stream's end), with a generous deadline: never to let time pass. Code that
/// sleeps on a ``TestClock`` is waited for with `clock.waitForSleepers(_:)`,
/// actions with the test store's `receive`, effects with `finish(timeout:)`.
func eventually(within seconds: Double = 60, _ condition: @Sendable () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return condition()
}

/// A gate async effects wait at until the test opens it: a continuation for
/// each waiter, resumed when the gate opens or the waiting task is cancelled
/// (so an effect can wait "until cancelled" at a gate that never opens).
final class Gate: Sendable {
    private struct Waiters {
        var isOpen = false
        var nextID: UInt64 = 0
        var waiting: [UInt64: CheckedContinuation<Void, any Error>] = [:]
        /// Waiters cancelled before they had parked their continuation.
        var cancelled: Set<UInt64> = []
    }

    private let waiters = Locked(Waiters())

    func open() {
        let waiting = waiters.withLock { waiters in
            waiters.isOpen = true
            defer { waiters.waiting.removeAll() }
            return waiters.waiting.values
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Waits until opened; throws `CancellationError` if the task is cancelled first.
    func wait() async throws {
        let id = waiters.withLock { waiters in
            defer { waiters.nextID += 1 }
            return waiters.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = waiters.withLock { waiters in
                    if waiters.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if waiters.isOpen { return .success(()) }
                    waiters.waiting[id] = continuation
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let parked = waiters.withLock { waiters in
                let parked = waiters.waiting.removeValue(forKey: id)
                if parked == nil { waiters.cancelled.insert(id) }
                return parked
            }
            parked?.resume(throwing: CancellationError())
        }
    }
}
