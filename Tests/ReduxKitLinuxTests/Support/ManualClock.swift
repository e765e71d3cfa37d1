import Foundation

@testable import ReduxKitLinux

/// A clock whose time moves only when a test calls ``advance(by:)``: code that
/// sleeps on it wakes when the test says so, never because time passed.
final class ManualClock: Clock, Sendable {
    /// A point on the manual clock: how far it was advanced from its start.
    struct Instant: InstantProtocol, Hashable {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper: Sendable {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Status: Sendable {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [UInt64: Sleeper] = [:]
        /// Sleeps cancelled before they had parked their continuation.
        var cancelled: Set<UInt64> = []
        var sleepCalls = 0
    }

    private let status = Locked(Status())

    var now: Instant { status.withLock { $0.now } }

    var minimumResolution: Duration { .zero }

    /// How many times `sleep(until:tolerance:)` has been called.
    var sleepCalls: Int { status.withLock { $0.sleepCalls } }

    /// How many sleeps are waiting for the clock to move.
    var sleeping: Int { status.withLock { $0.sleepers.count } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = status.withLock { status in
            defer { status.nextID += 1 }
            status.sleepCalls += 1
            return status.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = status.withLock { status in
                    if status.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= status.now { return .success(()) }
                    status.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let parked = status.withLock { status in
                let parked = status.sleepers.removeValue(forKey: id)
                if parked == nil { status.cancelled.insert(id) }
                return parked
            }
            parked?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward and wakes every sleep whose deadline has come.
    func advance(by duration: Duration) {
        let due = status.withLock { status in
            status.now = status.now.advanced(by: duration)
            let now = status.now
            let due = status.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys { status.sleepers.removeValue(forKey: id) }
            return Array(due.values)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
