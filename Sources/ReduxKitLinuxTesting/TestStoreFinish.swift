import Foundation
import ReduxKitLinuxEffects

// Finishing: every received action asserted, every effect ended.
extension TestStore {
    /// Waits for every effect the store's middleware started to end (async
    /// thunks, listener effects, what they start), then fails the test if
    /// any received action is left unasserted, or if an effect still runs.
    /// The end of an exhaustive test, as TCA's `finish()`.
    ///
    /// With no `timeout` (the default), the wait ends when the effects end,
    /// never on elapsed time; effects that never end (they wait for something
    /// the test never does) fail it after the hang net (``hangNet``), named
    /// by the dispatches that started them.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for the effects at most, on the test
    ///     store's `timeoutClock`; `nil` waits until they end.
    ///   - fileID: Where the assertion is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    ///   - isolation: Where the test runs (filled in for you).
    public func finish(
        timeout: Duration? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        note(site)
        let why =
            switch await waitForEffectsToEnd(within: timeout) {
            case .ended: "finish waited for them to end."
            case .timedOut(let timeout): "finish waited \(timeout) for them, on the test store's timeoutClock."
            case .hung(let limit): TestStoreFailure.hung(limit, waiter: "finish")
            }
        report(left: recorder.takeReceived(), running: store.runningEffectCount, why: why, at: site)
    }

    /// Fails the test if any received action is left unasserted or any effect
    /// the store's middleware started is still running once the effects that
    /// are ending have ended (it blocks until none runs, or until the hang
    /// net passes): the end of a synchronous test. An `async` test cannot
    /// call it: there `await finish()` waits without blocking a thread.
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
        let running = runningEffectsOnceEnded()
        report(
            left: recorder.takeReceived(), running: running, why: TestStoreFailure.hung(hangNet, waiter: "finish()"),
            at: site)
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
        TestStoreFailure.effectsStillRunning(count, why: why, startedBy: effectStarters)
    }

    /// How a wait for effects ended.
    enum EffectsWait: Sendable {
        /// The effects ended.
        case ended
        /// The timeout passed on the timeout clock.
        case timedOut(Duration)
        /// The hang net passed on the wall clock.
        case hung(Duration)
    }

    private func waitForEffectsToEnd(
        within timeout: Duration?, isolation: isolated (any Actor)? = #isolation
    ) async -> EffectsWait {
        let store = store
        let clock = timeoutClock
        let limit = hangNet
        return await withTaskGroup(of: EffectsWait?.self) { group in
            group.addTask {
                await store.waitForEffects()
                return Task.isCancelled ? nil : .ended
            }
            if let timeout {
                group.addTask {
                    await sleepUnlessCancelled(on: clock, for: timeout)
                    return .timedOut(timeout)
                }
            }
            group.addTask {
                await sleepUnlessCancelled(on: ContinuousClock(), for: limit)
                return .hung(limit)
            }
            var first: EffectsWait?
            for await outcome in group {
                group.cancelAll()
                if first == nil, let outcome { first = outcome }
            }
            return first ?? .hung(limit)
        }
    }

    /// How many effects still run once those running have ended, blocking
    /// the calling thread (for the synchronous checks: `finish()`, the test
    /// store's end) until none runs or the hang net passes. An effect that
    /// sent its last action is ending: its task returns without waiting for
    /// anything, so this returns as soon as it has, however loaded the
    /// machine; only an effect still waiting keeps it until the hang net.
    func runningEffectsOnceEnded() -> Int {
        guard store.runningEffectCount > 0 else { return 0 }
        let ended = DispatchSemaphore(value: 0)
        let store = store
        let waiter = Task.detached {
            await store.waitForEffects()
            ended.signal()
        }
        _ = ended.wait(
            timeout: .now()
                + .nanoseconds(
                    Int(
                        hangNet.components.seconds * 1_000_000_000
                            + hangNet.components.attoseconds / 1_000_000_000)))
        waiter.cancel()
        return store.runningEffectCount
    }
}
