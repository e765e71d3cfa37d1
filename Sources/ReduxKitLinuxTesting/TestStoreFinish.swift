import Foundation
import ReduxKitLinuxEffects

// Finishing: every received action asserted, every effect ended.
extension TestStore {
    /// Waits up to `timeout` for every effect the store's middleware started
    /// to end (async thunks, listener effects, what they start), then fails
    /// the test if any still runs or if any received action is left
    /// unasserted. The end of an exhaustive test, as TCA's `finish()`:
    /// `await test.finish()` waits 10 seconds at most.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for the effects, on the test store's
    ///     `timeoutClock` (10 seconds by default). When that is not the wall
    ///     clock, the wait also ends after ten seconds of wall-clock time.
    ///   - fileID: Where the assertion is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    ///   - isolation: Where the test runs (filled in for you).
    public func finish(
        timeout: Duration = .seconds(10),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        note(site)
        let why =
            switch await waitForEffects(within: timeout) {
            case .waited: "finish waited \(timeout) for them."
            case .gaveUp(let limit):
                "finish gave up after \(limit) of wall-clock time; its timeout, \(timeout), is measured on "
                    + "the test store's timeoutClock, which did not get that far."
            }
        report(left: recorder.takeReceived(), running: store.runningEffectCount, why: why, at: site)
    }

    /// Fails the test if any received action is left unasserted or any effect
    /// the store's middleware started is still running, checked now (giving
    /// effects that are just ending a moment): the end of a synchronous test.
    /// An `async` test cannot call it: there `await finish()` waits for
    /// effects instead.
    ///
    /// - Parameters:
    ///   - fileID: Where the assertion is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    @available(*, noasync, message: "await finish() waits for the effects to end")
    public func finish(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        note(site)
        let running = runningEffectsAfterGrace()
        report(
            left: recorder.takeReceived(), running: running,
            why: "finish() checks at once; in an async test, await finish() waits for effects.", at: site)
    }

    private func report(left: [ReductionRecorder<State>.Step], running: Int, why: String, at site: CallSite) {
        if !left.isEmpty && exhaustivity == .on {
            fail(TestStoreFailure.unasserted(left, when: "at the end of the test"), at: site)
        }
        guard running > 0 else { return }
        progress.withLock { $0.reportedEffects = true }
        fail(effectsStillRunning(running, why: why), at: site)
    }

    /// The failure message for `count` effects still running.
    func effectsStillRunning(_ count: Int, why: String) -> String {
        TestStoreFailure.effectsStillRunning(count, why: why, startedBy: progress.withLock { $0.effectStarters })
    }

    /// How a wait for effects ended, when it did not see them end.
    enum EffectsWait {
        /// The effects ended, or the timeout passed on the timeout clock.
        case waited
        /// The wall-clock limit passed first (the timeout clock not being the wall clock).
        case gaveUp(Duration)
    }

    /// Returns when the store's effects have all ended, once `timeout` passed
    /// on the timeout clock, or once the wall-clock limit passed (when the
    /// timeout clock is not the wall clock), whichever comes first.
    private func waitForEffects(
        within timeout: Duration, isolation: isolated (any Actor)? = #isolation
    ) async -> EffectsWait {
        let store = store
        let clock = timeoutClock
        guard let limit = wallClockNet else {
            _ = await store.waitForEffects(timeout: timeout, clock: clock)
            return .waited
        }
        return await withTaskGroup(of: EffectsWait.self) { group in
            group.addTask {
                _ = await store.waitForEffects(timeout: timeout, clock: clock)
                return .waited
            }
            group.addTask {
                await sleepUnlessCancelled(on: ContinuousClock(), for: limit)
                return .gaveUp(limit)
            }
            let first = await group.next() ?? .waited
            group.cancelAll()
            return first
        }
    }

    /// How many effects still run, after giving those running now up to
    /// `grace` (by default ``effectEndGrace``) to end. Synchronous code cannot await the store's
    /// effects, so this checks the count every millisecond, and only while
    /// effects run: an effect that has dispatched its last action still counts
    /// until its task returns, a moment later, on another thread.
    func runningEffectsAfterGrace(_ grace: Duration = effectEndGrace) -> Int {
        var running = store.runningEffectCount
        guard running > 0 else { return 0 }
        let deadline = ContinuousClock.now + grace
        while running > 0 && ContinuousClock.now < deadline {
            usleep(1000)
            running = store.runningEffectCount
        }
        return running
    }
}
