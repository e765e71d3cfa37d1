import Foundation

extension TestClock {
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
        _ count: Int = 1, timeout: Swift.Duration = .seconds(60),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        if sleeping >= count { return }
        let satisfied = await firstOf({ await self.parkUntilSleeping(count) }, orHangNet: timeout)
        let (sleeping, now, sleepCalls, nextDeadline) = status.withLock { status in
            (status.sleepers.count, status.now, status.sleepCalls, status.sleepers.tags.map(\.deadline).min())
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
}
