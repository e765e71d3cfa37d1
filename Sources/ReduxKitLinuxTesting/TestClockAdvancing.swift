import Foundation
import ReduxKitLinuxEffects

/// Moving a test clock from an async test, as The Composable Architecture's
/// `await clock.advance(by:)`: first wait for the effects to settle, then
/// move time one deadline at a time.
///
/// "The effects" are those of every store whose `thunkMiddleware(dependencies:)`
/// or `ListenerMiddleware(dependencies:)` was given this clock as its
/// `Dependencies.clock` (and of any store whose effect has slept on it). They
/// have *settled* when each has finished or is parked: asleep on a test clock,
/// waiting in a listener's `take` or `condition`, or awaiting a `pause`d
/// operation that is itself parked. An effect awaiting anything else (a real
/// clock, a stream, a continuation the test resumes) is still running.
extension TestClock: EffectWatchingClock {
    /// Waits until this clock's effects have finished or parked, then moves
    /// the clock forward by `duration` one deadline at a time: it moves to the
    /// earliest sleep due, wakes the sleeps due then, and waits for the effects
    /// to settle again before the next deadline, so a repeating timer ticks
    /// once per period, in order (as swift-clocks' `TestClock` does). It
    /// returns once the clock stands at the target and the woken effects have
    /// settled.
    ///
    /// ```swift
    /// test.dispatch(StartTimer())              // a listener ticks every second on `clock`
    /// await clock.advance(by: .seconds(3))     // no waitForSleepers(): the timer is waited for
    /// await test.receive(Tick.self) { $0.ticks = 1 }
    /// await test.receive(Tick.self) { $0.ticks = 2 }
    /// await test.receive(Tick.self) { $0.ticks = 3 }
    /// ```
    ///
    /// Each wait for the effects lasts at most `timeout` of wall-clock time
    /// (a safety net, not timing); one that runs out fails the test, saying
    /// how many effects still run and how many are parked, and the clock
    /// moves on without waiting again. (From synchronous code,
    /// ``advance(by:)`` moves the clock at once, without waiting.)
    ///
    /// - Parameters:
    ///   - duration: How far to move it (not negative).
    ///   - timeout: How long each wait for the effects lasts at most, on the wall clock.
    ///   - fileID: Where the call is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    public func advance(
        by duration: Duration, timeout: Duration = .seconds(5),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        precondition(duration >= .zero, "TestClock.advance(by:) cannot move the clock back (\(duration))")
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await step(to: now.advanced(by: duration), calledAs: "advance(by: \(duration))", timeout: timeout, at: site)
    }

    /// Waits until this clock's effects have finished or parked, then moves
    /// the clock forward to `instant` (if it is later than ``now``) one
    /// deadline at a time, as ``advance(by:timeout:fileID:filePath:line:column:)`` does.
    ///
    /// - Parameters:
    ///   - instant: Where to move it.
    ///   - timeout: How long each wait for the effects lasts at most, on the wall clock.
    ///   - fileID: Where the call is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    public func advance(
        to instant: Instant, timeout: Duration = .seconds(5),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await step(to: instant, calledAs: "advance(to: \(instant.offset))", timeout: timeout, at: site)
    }

    /// Waits until this clock's effects have finished or parked, then moves
    /// the clock to the latest deadline of the sleeps waiting then, one
    /// deadline at a time, as ``advance(by:timeout:fileID:filePath:line:column:)``
    /// does. Sleeps that begin after that deadline wait for the next move (so
    /// a repeating timer does not keep it going for ever).
    ///
    /// - Parameters:
    ///   - timeout: How long each wait for the effects lasts at most, on the wall clock.
    ///   - fileID: Where the call is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    public func run(
        timeout: Duration = .seconds(5),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let settled = await settleEffects(calledAs: "run()", timeout: timeout, at: site)
        let target = status.withLock { status in status.sleepers.values.map(\.deadline).max() ?? status.now }
        await step(to: target, calledAs: "run()", timeout: timeout, waiting: settled, at: site)
    }

    /// Notes a tracker whose effects may sleep on this clock.
    ///
    /// - Parameter tracker: The tracker (held weakly).
    package func watch(_ tracker: EffectTracker) {
        status.withLock { $0.watched[ObjectIdentifier(tracker)] = Watched(tracker: tracker) }
    }

    /// Settles the effects, then moves to `target` one deadline at a time,
    /// settling them after each; `waiting: false` (a wait that ran out)
    /// stops waiting for them.
    private func step(
        to target: Instant, calledAs call: String, timeout: Duration, waiting: Bool = true, at site: CallSite
    ) async {
        var waiting = waiting
        if waiting { waiting = await settleEffects(calledAs: call, timeout: timeout, at: site) }
        while true {
            let due = status.withLock { status -> [Sleeper] in
                guard let next = status.sleepers.values.map(\.deadline).min(), next <= target else {
                    status.now = max(status.now, target)
                    return []
                }
                status.now = max(status.now, next)
                return Self.takeDue(&status)
            }
            if due.isEmpty { return }
            for sleeper in due { sleeper.wake() }
            if waiting { waiting = await settleEffects(calledAs: call, timeout: timeout, at: site) }
        }
    }

    /// The trackers of the effects that may sleep on this clock, forgetting
    /// those that are gone.
    private func watchedTrackers() -> [EffectTracker] {
        status.withLock { status in
            status.watched = status.watched.filter { $0.value.tracker != nil }
            return status.watched.values.compactMap(\.tracker)
        }
    }

    /// How long, on the wall clock, the effects that are neither parked nor
    /// sure to go on (started, or resumed from a known wait, and awaiting
    /// something else since) must show no change before an advance stops
    /// waiting for them: they wait for something the test will give them.
    static var quietPeriod: Duration { .milliseconds(100) }

    /// Waits until every effect that may sleep on this clock has finished or
    /// parked, or those left show no change for ``quietPeriod`` while none is
    /// sure to go on (they await something the clock cannot see: a fake the
    /// test answers, a gate it opens), `timeout` of wall-clock time at most;
    /// fails the test if that runs out.
    ///
    /// - Returns: Whether to keep waiting at the next deadline (`false` once a wait ran out).
    private func settleEffects(calledAs call: String, timeout: Duration, at site: CallSite) async -> Bool {
        let wallClock = ContinuousClock()
        let giveUp = wallClock.now.advanced(by: timeout)
        while true {
            let trackers = watchedTrackers()
            if trackers.allSatisfy(\.isSettled) { return true }
            let before = trackers.map(\.progress)
            let remaining = wallClock.now.duration(to: giveUp)
            if remaining <= .zero { break }
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    // Checked again after each wait: an effect that ends may wake another.
                    while !Task.isCancelled {
                        guard let busy = trackers.first(where: { !$0.isSettled }) else { return }
                        await busy.waitUntilSettled()
                    }
                }
                group.addTask { await sleepUnlessCancelled(on: wallClock, for: min(remaining, Self.quietPeriod)) }
                await group.next()
                group.cancelAll()
            }
            if Task.isCancelled { return true }
            let after = trackers.map(\.progress)
            let quiet =
                zip(before, after).allSatisfy { $0.activity == $1.activity } && after.allSatisfy { $0.pending == 0 }
            if quiet || trackers.allSatisfy(\.isSettled) { return true }
        }
        let trackers = watchedTrackers()
        failTest(
            TestStoreFailure.effectsDidNotSettle(
                call, within: timeout, now: now.offset,
                running: trackers.reduce(0) { $0 + $1.running },
                parked: trackers.reduce(0) { $0 + $1.parked.all },
                parkedOnClock: trackers.reduce(0) { $0 + $1.parked.onClock }),
            at: site)
        return false
    }
}
