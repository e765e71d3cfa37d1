import Foundation
import ReduxKitLinuxEffects

/// A clock whose time moves only when the test moves it: code that sleeps on
/// it wakes when the test says so, never because time passed.
///
/// Hand it to the code under test (`EffectDependencies(clock: clock)`, a
/// ``/ReduxKitLinuxDevtools/Persistence``'s `clock:`), then move time:
///
/// ```swift
/// let clock = TestClock()
/// store.dispatch(Search(text: "a"))       // a listener debounces on `clock` for 300 ms
/// clock.advance(by: .milliseconds(299))   // not yet
/// clock.advance(by: .milliseconds(1))     // now it wakes
/// ```
///
/// An effect starts inside the dispatch that started it and runs there up
/// to its first suspension, so a debounce, a `delay`, a timed `take` or
/// `condition` and a ``/ReduxKitLinuxEffects/ClockTimer`` it begins at once
/// are on the clock when `dispatch` returns: advance right away, with no
/// wait in between.
///
/// ``advance(by:)``, ``advance(to:)`` and ``run()`` move ``now`` at once to
/// where they were asked to, then wake every sleep whose deadline has come, in
/// deadline order (sleeps with the same deadline in the order they began).
/// What a woken task does next runs after the advance returns:
///
/// - A timer (`clock.timer(interval:)`) counts its deadlines from its start,
///   so advancing by five periods ticks five times, one per period, as
///   swift-clocks' timers do, even when the advance came before the timer
///   went back to sleep. Prefer it for anything that repeats.
/// - A `sleep(for:)` counts from ``now`` when it begins: a loop of them
///   wakes once per advance, and a sleep the code reaches after the advance
///   (it awaited something else first) waits for the next one. Wait for it
///   with ``waitForSleepers(_:timeout:fileID:filePath:line:column:)`` before
///   moving time again.
///
/// A sleep whose task is cancelled ends at once with `CancellationError`,
/// like `Task.sleep`. ``ImmediateClock`` skips waits instead of
/// choreographing them.
public final class TestClock: InPlaceSleepingClock, Sendable {
    /// A point on a test clock: how far it was moved from where it started.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        /// How far the clock was moved from its start.
        public var offset: Duration

        /// A point `offset` after the clock's start.
        ///
        /// - Parameter offset: How far from the start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The point `duration` later.
        ///
        /// - Parameter duration: How much later (earlier, if negative).
        /// - Returns: The later point.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// How long from this point to `other`.
        ///
        /// - Parameter other: The other point.
        /// - Returns: The time between them (negative if `other` is earlier).
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        ///
        /// - Parameters:
        ///   - lhs: A point.
        ///   - rhs: Another point.
        /// - Returns: Whether `lhs` is earlier.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Status {
        var now: Instant
        /// The sleeps waiting for the clock to reach their deadline: woken
        /// with `true`, or `false` when cancelled.
        var sleepers = ParkedWaiters<Bool, Instant>()
        var sleepCalls = 0
        /// Tests waiting for as many sleepers as their tag
        /// (``waitForSleepers(_:timeout:fileID:filePath:line:column:)``).
        var waiters = ParkedWaiters<Void, Int>()
    }

    private let status: Locked<Status>

    /// Creates a clock standing at `now`.
    ///
    /// - Parameter now: Where it starts (its zero by default).
    public init(now: Instant = Instant(offset: .zero)) {
        status = Locked(Status(now: now))
    }

    /// Where the clock stands: moved only by ``advance(by:)``,
    /// ``advance(to:)`` and ``run()``.
    public var now: Instant { status.withLock { $0.now } }

    /// The smallest step the clock measures: none, it moves exactly as told.
    public var minimumResolution: Duration { .zero }

    /// How many times `sleep(until:tolerance:)` has been called.
    public var sleepCalls: Int { status.withLock { $0.sleepCalls } }

    /// How many sleeps are waiting for the clock to move.
    public var sleeping: Int { status.withLock { $0.sleepers.count } }

    /// The earliest deadline of the sleeps waiting, if any.
    public var nextDeadline: Instant? { status.withLock { $0.sleepers.tags.min() } }

    /// Waits until the clock reaches `deadline`; at once if it has.
    ///
    /// Called on a `TestClock` (not through `any Clock`), it registers the
    /// sleep before the caller suspends, as ``sleepInPlace(until:tolerance:)`` does.
    ///
    /// - Parameters:
    ///   - deadline: When to wake.
    ///   - tolerance: Ignored: the clock wakes sleeps exactly at their deadline.
    /// - Throws: `CancellationError` if the task is cancelled first.
    nonisolated(nonsending) public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await sleepInPlace(until: deadline, tolerance: tolerance)
    }

    /// Waits until the clock reaches `deadline` (at once if it has), the
    /// sleep registered before the caller suspends: an effect that sleeps at
    /// its start is on the clock when the dispatch that started it returns,
    /// so a test may advance right away.
    ///
    /// - Parameters:
    ///   - deadline: When to wake.
    ///   - tolerance: Ignored: the clock wakes sleeps exactly at their deadline.
    /// - Throws: `CancellationError` if the task is cancelled first.
    nonisolated(nonsending) public func sleepInPlace(until deadline: Instant, tolerance: Duration?) async throws {
        status.withLock { $0.sleepCalls += 1 }
        let woken = await status.park(
            in: \.sleepers, tag: deadline, whenCancelled: false,
            readyNow: { deadline <= $0.now ? true : nil },
            afterParking: { status in
                // One more sleep: tests waiting for it may go on.
                let count = status.sleepers.count
                let satisfied = status.waiters.take { $0 <= count }
                return satisfied.isEmpty ? nil : { for waiter in satisfied { waiter.continuation.resume() } }
            })
        if !woken { throw CancellationError() }
    }

    /// Moves the clock forward by `duration` and wakes every sleep whose
    /// deadline has come, in deadline order.
    ///
    /// - Parameter duration: How far to move it (not negative).
    public func advance(by duration: Duration) {
        guard duration >= .zero else { Misuse.fail(TestingMisuse.testClockMovedBack(duration)) }
        let due = status.withLock { status in
            status.now = status.now.advanced(by: duration)
            return Self.takeDue(&status)
        }
        for sleeper in due { sleeper.resume(returning: true) }
    }

    /// Moves the clock forward to `instant` (if it is later than ``now``) and
    /// wakes every sleep whose deadline has come, in deadline order.
    ///
    /// - Parameter instant: Where to move it.
    public func advance(to instant: Instant) {
        let due = status.withLock { status in
            status.now = max(status.now, instant)
            return Self.takeDue(&status)
        }
        for sleeper in due { sleeper.resume(returning: true) }
    }

    /// Moves the clock to the latest deadline of the sleeps waiting now, waking
    /// them all in deadline order, so no sleep is left. Sleeps the woken code
    /// begins afterwards wait for the next move.
    public func run() {
        let due = status.withLock { status in
            if let last = status.sleepers.tags.max() { status.now = max(status.now, last) }
            return Self.takeDue(&status)
        }
        for sleeper in due { sleeper.resume(returning: true) }
    }

    /// Returns once at least `count` sleeps wait on the clock (at once if they
    /// already do), or when the waiting task is cancelled: how a test waits,
    /// without polling, for the code under test to reach its sleep.
    ///
    /// The wait ends on an event: the sleeps registering. `timeout`
    /// (wall-clock time: this clock moves only when the test moves it) is a
    /// hang net: a wait it ends fails the test, saying how many sleeps it
    /// waited for and how many there are, and returns, so a test whose code
    /// never sleeps ends instead of hanging.
    ///
    /// Effects sleep on the clock before the dispatch that started them
    /// returns (``/ReduxKitLinuxEffects/InPlaceSleepingClock``), so a test needs this only for a
    /// sleep the code reaches later, after awaiting something else.
    ///
    /// - Parameters:
    ///   - count: How many sleeps to wait for.
    ///   - timeout: How long to wait at most, on the wall clock (a minute by
    ///     default, the test store's hang net).
    ///   - fileID: Where the wait is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    public func waitForSleepers(
        _ count: Int = 1, timeout: Duration = .seconds(60),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        if sleeping >= count { return }
        let satisfied = await withTaskGroup(of: Bool?.self) { group in
            group.addTask {
                await self.parkUntilSleeping(count)
                return true
            }
            group.addTask {
                await sleepUnlessCancelled(on: ContinuousClock(), for: timeout)
                return false
            }
            // The first to end decides; nil when the waiting task was cancelled.
            let first = await group.next() ?? nil
            group.cancelAll()
            return Task.isCancelled ? nil : first
        }
        let (sleeping, now, sleepCalls, nextDeadline) = status.withLock { status in
            (status.sleepers.count, status.now, status.sleepCalls, status.sleepers.tags.min())
        }
        guard satisfied == false, sleeping < count else { return }
        failTest(
            TestStoreFailure.sleepersTimedOut(
                awaited: count, within: timeout, sleeping: sleeping, now: now.offset, sleepCalls: sleepCalls,
                nextDeadline: nextDeadline?.offset),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Returns once at least `count` sleeps wait on the clock, or when the
    /// waiting task is cancelled.
    private func parkUntilSleeping(_ count: Int) async {
        await status.park(in: \.waiters, tag: count, whenCancelled: ()) { $0.sleepers.count >= count ? () : nil }
    }

    /// Removes the sleeps whose deadline has come, earliest first (in the
    /// order they began, for one deadline).
    private static func takeDue(_ status: inout Status) -> [ParkedWaiters<Bool, Instant>.Continuation] {
        let now = status.now
        let due = status.sleepers.take { $0 <= now }.enumerated().sorted {
            ($0.element.tag, $0.offset) < ($1.element.tag, $1.offset)
        }
        return due.map(\.element.continuation)
    }
}
