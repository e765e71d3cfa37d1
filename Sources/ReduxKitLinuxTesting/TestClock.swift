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
/// store.dispatch(Search(text: "a"))             // a listener debounces on `clock` for 300 ms
/// await clock.advance(by: .milliseconds(299))   // not yet
/// await clock.advance(by: .milliseconds(1))     // now it wakes, and runs: its search is dispatched
/// ```
///
/// An effect starts inside the dispatch that started it and runs there up
/// to its first suspension, so a debounce, a `delay`, a timed `take` or
/// `condition` and a ``/ReduxKitLinuxEffects/ClockTimer`` it begins at once
/// are on the clock when `dispatch` returns: advance right away, with no
/// wait in between.
///
/// ``advance(by:fileID:filePath:line:column:)``,
/// ``advance(to:fileID:filePath:line:column:)`` and
/// ``run(fileID:filePath:line:column:)`` move the clock from deadline to
/// deadline, waking the sleeps due at each (in the order they began), and
/// return once every effect they woke has run to its next wait the store
/// knows (a sleep on this clock, a `take`, `condition` or `pause`, a fork or
/// async thunk it awaits) or has ended, with what it started or woke
/// meanwhile: what the app would have done by then, the test sees when the
/// advance returns. No yields are counted and no wall-clock time decides:
/// each effect's moves are followed as they happen.
///
/// - A timer (`clock.timer(interval:)`) or a loop of `sleep(for:)` in an
///   effect wakes once per deadline within the advance: advancing by five
///   periods ticks five times.
/// - A sleep that is no effect's (code the test runs in a task of its own, a
///   persistence's debounce) is woken but not waited for; a sleep such code
///   reaches later (it awaited something else first) waits for the next
///   move. Wait for it with
///   ``waitForSleepers(_:timeout:fileID:filePath:line:column:)`` before
///   moving time again.
///
/// A sleep whose task is cancelled ends at once with `CancellationError`,
/// like `Task.sleep`. ``ImmediateClock`` skips waits instead of
/// choreographing them.
public final class TestClock: InPlaceSleepingClock, Sendable {
    /// A sleep waiting for the clock: when it wakes, and the effect it belongs to, if any.
    struct Sleeper: Sendable {
        let deadline: Instant
        let activity: EffectActivity?
    }

    struct Status {
        var now: Instant
        /// The sleeps waiting for the clock to reach their deadline: woken
        /// with `true`, or `false` when cancelled.
        var sleepers = ParkedWaiters<Bool, Sleeper>()
        var sleepCalls = 0
        /// Tests waiting for as many sleepers as their tag
        /// (``waitForSleepers(_:timeout:fileID:filePath:line:column:)``).
        var waiters = ParkedWaiters<Void, Int>()
    }

    let status: Locked<Status>
    /// How long, on the wall clock, an advance waits at most for what it woke
    /// (``/ReduxKitLinuxTesting/TestStore/hangNet`` unless a test of the
    /// testing product shortens it).
    private let hangNet = Locked(defaultHangNet)

    /// Creates a clock standing at `now`.
    ///
    /// - Parameter now: Where it starts (its zero by default).
    public init(now: Instant = Instant(offset: .zero)) {
        status = Locked(Status(now: now))
    }

    /// Where the clock stands: moved only by ``advance(by:fileID:filePath:line:column:)``,
    /// ``advance(to:fileID:filePath:line:column:)`` and ``run(fileID:filePath:line:column:)``.
    public var now: Instant { status.withLock { $0.now } }

    /// The smallest step the clock measures: none, it moves exactly as told.
    public var minimumResolution: Duration { .zero }

    /// How many times `sleep(until:tolerance:)` has been called.
    public var sleepCalls: Int { status.withLock { $0.sleepCalls } }

    /// How many sleeps are waiting for the clock to move.
    public var sleeping: Int { status.withLock { $0.sleepers.count } }

    /// The earliest deadline of the sleeps waiting, if any.
    public var nextDeadline: Instant? { status.withLock { $0.sleepers.tags.map(\.deadline).min() } }

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
    /// so a test may advance right away. An effect's sleep is a point where
    /// an advance that woke it stops waiting for it.
    ///
    /// - Parameters:
    ///   - deadline: When to wake.
    ///   - tolerance: Ignored: the clock wakes sleeps exactly at their deadline.
    /// - Throws: `CancellationError` if the task is cancelled first.
    nonisolated(nonsending) public func sleepInPlace(until deadline: Instant, tolerance: Duration?) async throws {
        status.withLock { $0.sleepCalls += 1 }
        let activity = EffectActivity.current
        let woken = await status.park(
            in: \.sleepers, tag: Sleeper(deadline: deadline, activity: activity), whenCancelled: false,
            readyNow: { deadline <= $0.now ? true : nil },
            afterParking: { status in
                activity?.waits()
                // One more sleep: tests waiting for it may go on.
                let count = status.sleepers.count
                let satisfied = status.waiters.take { $0 <= count }
                return satisfied.isEmpty ? nil : { for waiter in satisfied { waiter.continuation.resume() } }
            },
            // Cancelled (its effect's run, by what cancels it): it runs again, in the canceller's group.
            beforeResumingCancelled: { activity?.wakes(joining: EffectActivity.current?.followingGroup) })
        if !woken { throw CancellationError() }
    }

    /// Moves the clock forward by `duration`, waking each sleep whose deadline
    /// comes in that time in deadline order, and returns once what it woke has
    /// run: see ``advance(to:fileID:filePath:line:column:)``.
    ///
    /// - Parameters:
    ///   - duration: How far to move it (not negative).
    ///   - fileID: Where the advance is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    public func advance(
        by duration: Duration,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        guard duration >= .zero else { Misuse.fail(TestingMisuse.testClockMovedBack(duration)) }
        await advance(
            to: now.advanced(by: duration), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Moves the clock forward to `instant` (if it is later than ``now``),
    /// and returns once every effect it woke has run to its next suspension
    /// on this clock, or to another wait the store knows, or has ended.
    ///
    /// The clock moves from deadline to deadline: at each, it wakes the sleeps
    /// due (in the order they began), then waits until the effects among them
    /// have run, with what they started or woke meanwhile, before it moves
    /// on. So an effect that sleeps again, or a timer, wakes at every
    /// deadline within the advance, as it would in the app; and what the woken
    /// effects dispatched has been dispatched when this returns. A
    /// store's effect waits where the store can see it in a sleep on this
    /// clock, a listener's `take`, `condition` or `pause`, or while awaiting
    /// a fork or an async thunk run; any other await (a dependency's network
    /// call, a stream) counts as running, so the advance waits for it.
    ///
    /// A sleep that is no effect's (code the test runs in a task of its own,
    /// a ``/ReduxKitLinuxDevtools/Persistence``'s debounce) is woken but not
    /// waited for: wait for what it does next (``waitForSleepers(_:timeout:fileID:filePath:line:column:)``,
    /// the persistence's writes).
    ///
    /// If a woken effect awaits something only the test provides later, the
    /// advance cannot end before the test provides it: run it in a task of its
    /// own (`async let advanced: Void = clock.advance(by:)`), provide the
    /// thing, then `await advanced`. A wait longer than the hang net
    /// (``/ReduxKitLinuxTesting/TestStore/hangNet``, a minute of wall-clock
    /// time) fails the test, naming the effects still running, and returns.
    ///
    /// - Parameters:
    ///   - instant: Where to move it.
    ///   - fileID: Where the advance is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    public func advance(
        to instant: Instant,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let group = SettleGroup()
        defer { group.close() }
        while let due = takeNextDue(upTo: instant) {
            for sleeper in due { sleeper.tag.activity?.wakes(joining: group) }
            for sleeper in due { sleeper.continuation.resume(returning: true) }
            guard await settle(group, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
            else { return }
        }
        status.withLock { $0.now = max($0.now, instant) }
    }

    /// Moves the clock to the latest deadline of the sleeps waiting now, as
    /// ``advance(to:fileID:filePath:line:column:)`` does, so no sleep of those
    /// is left. Sleeps the woken code begins for later wait for the next move.
    ///
    /// - Parameters:
    ///   - fileID: Where the call is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    public func run(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        guard let last = status.withLock({ $0.sleepers.tags.map(\.deadline).max() }) else { return }
        await advance(to: last, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Waits until none of `group`'s effects runs, or for the hang net; then
    /// fails the test, naming them.
    ///
    /// - Returns: Whether the group settled (false: the test failed, or the
    ///   waiting task was cancelled).
    private func settle(_ group: SettleGroup, at site: CallSite) async -> Bool {
        if group.isSettled { return true }
        let limit = hangNet.withLock { $0 }
        let settled = await firstOf({ await group.waitUntilSettled() }, orHangNet: limit)
        if settled == true || group.isSettled { return true }
        if settled == false {
            failTest(
                TestStoreFailure.advanceHung(limit, now: now.offset, running: group.runningLabels), at: site)
        }
        return false
    }

    /// Shortens the wall-clock limit of the advance's waits (the hang net), for
    /// the testing product's own tests of advances that never settle.
    ///
    /// - Parameter limit: The longest wait, on the wall clock.
    package func limitWallClockWaits(to limit: Duration) {
        hangNet.withLock { $0 = limit }
    }

    /// Moves the clock to the earliest deadline of the sleeps waiting, if it
    /// is at `limit` or before, and removes the sleeps due then (in the order
    /// they began); `nil` if none is.
    private func takeNextDue(upTo limit: Instant) -> [(
        tag: Sleeper, continuation: ParkedWaiters<Bool, Sleeper>.Continuation
    )]? {
        status.withLock { status in
            guard let next = status.sleepers.tags.map(\.deadline).min(), next <= limit else { return nil }
            status.now = max(status.now, next)
            let now = status.now
            return status.sleepers.take { $0.deadline <= now }.enumerated().sorted {
                ($0.element.tag.deadline, $0.offset) < ($1.element.tag.deadline, $1.offset)
            }.map(\.element)
        }
    }
}
