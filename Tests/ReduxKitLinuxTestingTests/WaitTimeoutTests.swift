import ReduxKitLinux
import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// Every wait of the testing product ends (issue 20, item 12): a wait its
/// timeout ends fails the test, saying what it waited for, and returns. Each
/// test gives a tiny timeout to a wait that can never be satisfied, so none
/// waits long; none sleeps to make something happen.
@Suite("Wait timeouts", .hangSafetyNet)
struct WaitTimeoutTests {
    typealias Profile = TestStoreFixtures.Profile
    typealias Hold = TestStoreFixtures.Hold

    static let sleepAdvice =
        "  Does the code under test sleep on this clock (its EffectDependencies' clock, a Persistence's clock:), "
        + "and has it got that far? A sleep the clock woke, or a cancelled one, no longer counts."

    /// The issue recorded headlines the message's first line (Swift Testing
    /// headlines an issue with its kind: a caught error's description), and
    /// carries the whole message as its comment.
    static func records(_ issue: Issue, _ message: String, line: Int) -> Bool {
        let headline = String(message.prefix { $0 != "\n" }.dropLast())
        return issue.comments.map(\.rawValue) == [message]
            && issue.error.map { String(describing: $0) } == headline
            && String(describing: issue.kind) == "Caught error: " + headline
            && issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "WaitTimeoutTests.swift"
    }

    @Test func waitingForSleepersThatNeverComeFailsSayingSo() async {
        let clock = TestClock()
        clock.advance(by: .milliseconds(300))
        let sleeping = Task { try? await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers()
        // Nothing else sleeps on the clock: a second sleeper never comes.
        let line = #line + 2
        await withKnownIssue {
            await clock.waitForSleepers(2, timeout: .milliseconds(1))
        } matching: { issue in
            Self.records(
                issue,
                "waitForSleepers: waited 0.001 seconds for 2 sleepers on the TestClock, but 1 is sleeping:\n"
                    + "  now: 0.3 seconds; sleeps begun so far: 1; next deadline: 1.3 seconds.\n" + Self.sleepAdvice,
                line: line)
        }
        sleeping.cancel()
        await sleeping.value
        await withKnownIssue {
            await clock.waitForSleepers(timeout: .milliseconds(1))
        } matching: { issue in
            issue.comments.first?.rawValue.hasPrefix(
                "waitForSleepers: waited 0.001 seconds for 1 sleeper on the TestClock, but 0 are sleeping:\n"
                    + "  now: 0.3 seconds; sleeps begun so far: 1; next deadline: none.\n") == true
        }
    }

    @Test func receivingNothingFailsOnceTheTimeoutPassesOnTheWallClock() async {
        let test = TestStore(initialState: Profile(), reducer: TestStoreFixtures.reducer)
        let line = #line + 2
        await withKnownIssue {
            await test.receive(TestStoreFixtures.Add.self, timeout: .milliseconds(1))
        } matching: { issue in
            Self.records(
                issue,
                "Expected to receive Add, but nothing was received within 0.001 seconds:\n"
                    + "  No effect is running, so none is coming.",
                line: line)
        }
    }

    /// A timeout clock that is not the wall clock (a test clock the test never
    /// moves) still ends the wait, after the wall-clock limit.
    @Test func receivingNothingOnATestClockFailsAfterTheWallClockLimit() async {
        let failures = Recorder<String>()
        let test = TestStoreFixtures.makeTestStore(failures, timeoutClock: TestClock())
        test.limitWallClockWaits(to: .milliseconds(1))
        await test.receive(TestStoreFixtures.Add.self)
        #expect(
            failures.values == [
                "Expected to receive Add, but nothing was received within 0.001 seconds of wall-clock time:\n"
                    + "  Its timeout, 5.0 seconds, is measured on the test store's timeoutClock, "
                    + "which did not get that far.\n"
                    + "  No effect is running, so none is coming."
            ])
    }

    @Test func finishingWhileAnEffectWaitsForeverFailsOnceTheTimeoutPasses() async {
        let gate = Gate()
        let test = TestStore(
            initialState: Profile(), reducer: TestStoreFixtures.reducer,
            middleware: [TestStoreFixtures.listeners(clock: TestClock(), gate: gate)])
        let dispatchLine = #line + 1
        test.dispatch(Hold())
        let line = #line + 2
        await withKnownIssue {
            await test.finish(timeout: .milliseconds(1))
        } matching: { issue in
            Self.records(
                issue,
                "1 effect still running at the end of the test:\n  finish waited 0.001 seconds for them.\n"
                    + "  Dispatches that started effects: Hold (WaitTimeoutTests.swift:\(dispatchLine)).\n"
                    + TestStoreFinishTests.advice,
                line: line)
        }
        gate.open()
        await test.finish()
    }

    @Test func finishingOnATestClockFailsAfterTheWallClockLimit() async {
        let failures = Recorder<String>()
        let gate = Gate()
        let test = TestStoreFixtures.makeTestStore(failures, gate: gate, timeoutClock: TestClock())
        test.limitWallClockWaits(to: .milliseconds(1))
        test.dispatch(Hold())
        await test.finish()
        #expect(failures.count == 1)
        #expect(
            failures.values.first?.hasPrefix(
                "1 effect still running at the end of the test:\n"
                    + "  finish gave up after 0.001 seconds of wall-clock time; its timeout, 10.0 seconds, "
                    + "is measured on the test store's timeoutClock, which did not get that far.\n") == true)
        gate.open()
        test.limitWallClockWaits(to: .seconds(10))
        await test.finish()
        #expect(failures.count == 1)
    }

    /// `await test.finish()`, as a TCA test ends, is the finish that waits
    /// for effects (10 seconds at most), not the synchronous check.
    @Test func awaitingFinishWaitsForARunningEffect() async {
        let failures = Recorder<String>()
        let gate = Gate()
        let timeoutClock = TestClock()
        let test = TestStoreFixtures.makeTestStore(failures, gate: gate, timeoutClock: timeoutClock)
        // The wall-clock safety net, raised: the thread sanitizer's full run can keep the task below
        // from running for more than the default 10 s (the pool is busy), and nothing here waits on time.
        test.limitWallClockWaits(to: .seconds(300))
        test.dispatch(Hold())
        // The effect ends only once finish is waiting for it, its timeout asleep on the timeout clock.
        let opening = Task {
            await timeoutClock.waitForSleepers()
            #expect(timeoutClock.nextDeadline == TestClock.Instant(offset: .seconds(10)))
            gate.open()
        }
        await test.finish()
        await opening.value
        #expect(failures.values.isEmpty)
        #expect(test.store.runningEffectCount == 0)
    }
}
