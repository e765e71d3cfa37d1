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
        await clock.advance(by: .milliseconds(300))
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

    /// With no timeout, a receive while no effect runs fails at once: no
    /// effect is left that could send the action, an event, not a time.
    @Test func receivingWithNoEffectRunningFailsAtOnce() async {
        let failures = Recorder<String>()
        let test = TestStoreFixtures.makeTestStore(failures, timeoutClock: TestClock())
        await test.receive(TestStoreFixtures.Add.self)
        #expect(
            failures.values == [
                "Expected to receive Add, but nothing was received:\n"
                    + "  No effect is running, so none is coming: the effects that ran ended without dispatching it "
                    + "(or it was asserted already)."
            ])
    }

    /// With no timeout, a receive while an effect waits for ever ends at the
    /// hang net, naming the effect and where it was started.
    @Test func receivingWhileAnEffectWaitsForeverFailsAtTheHangNetNamingIt() async {
        let failures = Recorder<String>()
        let gate = Gate()
        let test = TestStoreFixtures.makeTestStore(failures, gate: gate)
        test.limitWallClockWaits(to: .milliseconds(1))
        let dispatchLine = #line + 1
        test.dispatch(Hold())
        await test.receive(TestStoreFixtures.Add.self)
        #expect(
            failures.values == [
                "Expected to receive Add, but nothing was received: the wait hung:\n"
                    + "  receive waited 0.001 seconds of wall-clock time (the test store's hang net) and nothing ended "
                    + "the wait: the effects wait for something that never comes.\n"
                    + "  1 effect is still running, started by: Hold (WaitTimeoutTests.swift:\(dispatchLine)).\n"
                    + "  If it sleeps on a TestClock, move that clock (await clock.advance(by:)). If it waits in a take or "
                    + "condition, dispatch what it waits for. If it waits for a fake the test controls, answer it."
            ])
        gate.open()
        test.limitWallClockWaits(to: TestStore<Profile>.hangNet)
        await test.finish()
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
                "1 effect still running at the end of the test:\n"
                    + "  finish waited 0.001 seconds for them, on the test store's timeoutClock.\n"
                    + "  Dispatches that started effects: Hold (WaitTimeoutTests.swift:\(dispatchLine)).\n"
                    + TestStoreFinishTests.advice,
                line: line)
        }
        gate.open()
        await test.finish()
    }

    @Test func finishingWhileAnEffectWaitsForeverFailsAtTheHangNet() async {
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
                    + "  finish waited 0.001 seconds of wall-clock time (the test store's hang net) and nothing ended "
                    + "the wait: the effects wait for something that never comes.\n") == true)
        gate.open()
        test.limitWallClockWaits(to: TestStore<Profile>.hangNet)
        await test.finish()
        #expect(failures.count == 1)
    }

    /// `await test.finish()`, as a TCA test ends, is the finish that waits
    /// for effects, not the synchronous check.
    @Test func awaitingFinishWaitsForARunningEffect() async {
        let failures = Recorder<String>()
        let gate = Gate()
        let timeoutClock = TestClock()
        let test = TestStoreFixtures.makeTestStore(failures, gate: gate, timeoutClock: timeoutClock)
        test.dispatch(Hold())
        // The effect ends only once finish is waiting for it (its timeout, given so that the wait shows,
        // asleep on the timeout clock).
        let opening = Task {
            await timeoutClock.waitForSleepers()
            #expect(timeoutClock.nextDeadline == TestClock.Instant(offset: .seconds(10)))
            gate.open()
        }
        await test.finish(timeout: .seconds(10))
        await opening.value
        #expect(failures.values.isEmpty)
        #expect(test.store.runningEffectCount == 0)
    }
}
