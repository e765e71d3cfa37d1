import ReduxKitLinux
import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// The end of a test: `finish` and the test store going away fail while an
/// effect the store started still runs or a received action was not asserted,
/// at the test's own line.
@Suite("TestStore finish", .hangSafetyNet)
struct TestStoreFinishTests {
    typealias Profile = TestStoreFixtures.Profile
    typealias Start = TestStoreFixtures.Start
    typealias Hold = TestStoreFixtures.Hold
    typealias Done = TestStoreFixtures.Done

    static let advice =
        "  Receive what they dispatch, end them (move the test clock, cancel their handles, open what they wait for), "
        + "or await finish()."

    /// The issue's case: a listener that dispatches 200 ms later is flagged.
    @Test func finishFailsWhileAListenerWillDispatchLater() async {
        let failures = Recorder<String>()
        let clock = TestClock()
        let timeoutClock = TestClock()
        let test = TestStoreFixtures.makeTestStore(failures, clock: clock, timeoutClock: timeoutClock)
        let line = #line + 1
        test.dispatch(Start())
        let finishing = Task { await test.finish(timeout: .seconds(1)) }
        await timeoutClock.waitForSleepers()
        #expect(failures.values.isEmpty)
        await timeoutClock.advance(by: .seconds(1))
        await finishing.value
        #expect(
            failures.values == [
                "1 effect still running at the end of the test:\n"
                    + "  finish waited 1.0 seconds for them, on the test store's timeoutClock.\n"
                    + "  Dispatches that started effects: Start (TestStoreFinishTests.swift:\(line)).\n" + Self.advice
            ])
        // Ended by the test: nothing more is reported when the test store goes.
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(200))
        await test.receive(Done.self) { $0.name = "later" }
        await test.finish()
        #expect(failures.count == 1)
    }

    @Test func finishWaitsForEffectsToEnd() async {
        let failures = Recorder<String>()
        let gate = Gate()
        let timeoutClock = TestClock()
        let test = TestStoreFixtures.makeTestStore(failures, gate: gate, timeoutClock: timeoutClock)
        test.dispatch(Hold())
        let finishing = Task { await test.finish(timeout: .seconds(1)) }
        // finish is waiting, its timeout asleep on the timeout clock.
        await timeoutClock.waitForSleepers()
        gate.open()
        await finishing.value
        #expect(failures.values.isEmpty)
        #expect(timeoutClock.sleeping == 0)
    }

    @Test func finishWaitsForTheActionsOfEndingEffectsAndChecksThem() async {
        let failures = Recorder<String>()
        let clock = TestClock()
        let test = TestStoreFixtures.makeTestStore(failures, clock: clock)
        let load = TestStoreFixtures.loadSlowly
        test.dispatch(load())
        await test.receive(load.pending) { $0.isLoading = true }
        let finishing = Task { await test.finish() }
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(200))
        await finishing.value
        #expect(failures.count == 1)
        #expect(
            failures.values.first?.hasPrefix(
                "An action was received but not asserted at the end of the test:\n  Fulfilled(") == true)
    }

    /// The synchronous finish, as a synchronous test calls it (an async test
    /// cannot: there `finish()` is the one that waits).
    static func finishSynchronously(_ test: TestStore<Profile>) {
        test.finish()
    }

    @Test func theSynchronousFinishFailsWhileAnEffectRuns() async {
        let failures = Recorder<String>()
        let gate = Gate()
        let test = TestStoreFixtures.makeTestStore(failures, gate: gate)
        // The effect waits at a gate never opened until after: only the hang net ends the wait.
        test.limitWallClockWaits(to: .milliseconds(1))
        test.dispatch(Hold())
        Self.finishSynchronously(test)
        #expect(failures.values.first?.hasPrefix("1 effect still running at the end of the test:\n") == true)
        #expect(
            failures.values.first?.contains(
                "finish() waited 0.001 seconds of wall-clock time (the test store's hang net) and nothing ended the "
                    + "wait: the effects wait for something that never comes.") == true)
        gate.open()
        await test.finish()
        #expect(failures.count == 1)
    }

    @Test func theEndOfTheTestFailsWhileAnEffectRunsAtTheLastAssertion() {
        let lines = Recorder<Int>()
        let gate = Gate()
        withKnownIssue {
            let test = TestStore(
                initialState: Profile(), reducer: TestStoreFixtures.reducer,
                middleware: [TestStoreFixtures.listeners(clock: TestClock(), gate: gate)])
            // The effect waits at a gate never opened: only the hang net ends the end's wait.
            test.limitWallClockWaits(to: .milliseconds(1))
            lines.append(#line + 1)
            test.dispatch(Hold())
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix(
                    "1 effect still running at the end of the test:\n  The test store went away while they ran")
            } && issue.sourceLocation?.line == lines.values.first
                && issue.sourceLocation?.fileName == "TestStoreFinishTests.swift"
        }
    }

    /// Issue 23, item 4: the effect does not run on into the next test, and
    /// the end does not wait a second for it.
    @Test func theEndOfTheTestCancelsTheEffectsStillRunning() async {
        let gate = Gate()
        var shared: SharedStore<Profile>?
        withKnownIssue {
            let test = TestStore(
                initialState: Profile(), reducer: TestStoreFixtures.reducer,
                middleware: [TestStoreFixtures.listeners(clock: TestClock(), gate: gate)])
            shared = test.store
            test.limitWallClockWaits(to: .milliseconds(1))  // only the hang net ends the end's wait
            test.dispatch(Hold())  // waits at a gate that never opens
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("they are cancelled") }
        }
        // Ends when the cancelled effect ends (a test clock no one moves: no deadline).
        #expect(await shared?.waitForEffects(timeout: .seconds(30), clock: TestClock()) == true)
    }

    @Test func theEndOfTheTestFailsOnAnUnassertedActionWhereTheStoreWasCreated() {
        let lines = Recorder<Int>()
        withKnownIssue {
            lines.append(#line + 1)
            let test = TestStore(
                initialState: Profile(), reducer: TestStoreFixtures.reducer, middleware: [thunkMiddleware()])
            // Not an assertion: the end-of-test check points at where the test store was created.
            test.store.dispatch(Thunk<Profile> { dispatch, _ in _ = dispatch(TestStoreFixtures.Add(amount: 1)) })
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue == "An action was received but not asserted at the end of the test:\n  Add(amount: 1)"
            } && issue.sourceLocation?.line == lines.values.first
        }
    }

    @Test func aTestThatEndsWithEverythingAssertedPassesWithoutFinish() async {
        let failures = Recorder<String>()
        let clock = TestClock()
        do {
            let test = TestStoreFixtures.makeTestStore(failures, clock: clock)
            test.dispatch(Start())
            await clock.waitForSleepers()
            await clock.advance(by: .milliseconds(200))
            await test.receive(Done.self) { $0.name = "later" }
        }
        #expect(failures.values.isEmpty)
    }
}
