import Foundation
import Synchronization

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
