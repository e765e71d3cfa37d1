import ReduxKitLinux
import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// Tests without clock choreography (issue 23, item 3): `await
/// clock.advance(by:)` waits for the effects using the clock to finish or
/// park before it moves time, and moves it one deadline at a time, so a test
/// shaped as TCA's needs no `waitForSleepers()`. The races these tests would
/// lose are repeated in loops.
@Suite("TestClock advance settles effects", .timeLimit(.minutes(1)))
struct AdvanceSettlesEffectsTests {
    typealias Timer = ClockFixtures.Timer
    typealias Tick = ClockFixtures.Tick
    typealias Toggle = ClockFixtures.Toggle

    /// TCA's Effects-Timers test, as written there: no `waitForSleepers()`
    /// before an advance, a five-second advance ticking five times. Fifty
    /// times, so an advance made before the effect reached its sleep shows.
    @Test func theTimersCaseStudyPassesWithoutWaitingForSleepers() async {
        for _ in 0..<50 {
            let clock = TestClock()
            let test = TestStore(
                initialState: Timer(), reducer: ClockFixtures.reducer,
                middleware: [ClockFixtures.timer(clock: clock)])
            test.dispatch(Toggle()) { $0.isTimerActive = true }
            await clock.advance(by: .seconds(1))
            await test.receive(Tick.self) { $0.secondsElapsed = 1 }
            await clock.advance(by: .seconds(5))
            for second in 2...6 {
                await test.receive(Tick.self) { $0.secondsElapsed = second }
            }
            test.dispatch(Toggle()) { $0.isTimerActive = false }
            await test.finish()
        }
    }

    /// Advancing by three periods wakes a repeating sleeper three times, in
    /// order, each at its deadline (swift-clocks' semantics).
    @Test func advancingByThreePeriodsTicksThreeTimes() async {
        for _ in 0..<20 {
            let clock = TestClock()
            let test = TestStore(
                initialState: Timer(), reducer: ClockFixtures.reducer,
                middleware: [ClockFixtures.timer(clock: clock)])
            test.dispatch(Toggle()) { $0.isTimerActive = true }
            await clock.advance(by: .seconds(3))
            #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
            await test.receive(Tick.self) { $0.secondsElapsed = 1 }
            await test.receive(Tick.self) { $0.secondsElapsed = 2 }
            await test.receive(Tick.self) { $0.secondsElapsed = 3 }
            // The effect re-slept at 3 s: its next deadline is 4 s.
            #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(4)))
            await clock.advance(by: .milliseconds(999))
            test.dispatch(Toggle()) { $0.isTimerActive = false }
            await test.finish()
        }
    }

    /// `advance(to:)` and `run()` step through the deadlines as `advance(by:)` does.
    @Test func advancingToAnInstantAndRunningStepThroughDeadlines() async {
        let clock = TestClock()
        let test = TestStore(
            initialState: Timer(), reducer: ClockFixtures.reducer, middleware: [ClockFixtures.timer(clock: clock)])
        test.dispatch(Toggle()) { $0.isTimerActive = true }
        await clock.advance(to: TestClock.Instant(offset: .seconds(2)))
        await test.receive(Tick.self) { $0.secondsElapsed = 1 }
        await test.receive(Tick.self) { $0.secondsElapsed = 2 }
        // run() moves to the deadline waiting (3 s), not on for ever.
        await clock.run()
        await test.receive(Tick.self) { $0.secondsElapsed = 3 }
        #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
        test.dispatch(Toggle()) { $0.isTimerActive = false }
        await test.finish()
    }

    /// An effect parked in an untimed `take` counts as settled (the advance
    /// does not wait for it); once the action it takes comes, the advance
    /// waits for it to reach its sleep.
    @Test func anEffectParkedInATakeIsWaitedFor() async {
        for _ in 0..<50 {
            let clock = TestClock()
            let test = TestStore(
                initialState: Timer(), reducer: ClockFixtures.reducer,
                middleware: [ClockFixtures.takeThenSleep(clock: clock)])
            test.dispatch(ClockFixtures.Start())
            // Parked in its take: the advance moves time without waiting.
            await clock.advance(by: .seconds(1))
            test.dispatch(ClockFixtures.Go())
            // Woken by Go, it sleeps a second from now: the advance waits for that sleep.
            await clock.advance(by: .seconds(1))
            await test.receive(ClockFixtures.Done.self) { $0.note = "went" }
            await test.finish()
        }
    }

    /// A timed `take` sleeps in a task of its own: the advance waits for it too.
    @Test func aTimedTakesTimeoutIsWaitedFor() async {
        for _ in 0..<50 {
            let clock = TestClock()
            let test = TestStore(
                initialState: Timer(), reducer: ClockFixtures.reducer,
                middleware: [ClockFixtures.timedTake(clock: clock)])
            test.dispatch(ClockFixtures.Start())
            await clock.advance(by: .seconds(1))
            await test.receive(ClockFixtures.Done.self) { $0.note = "timed out" }
            await test.finish()
        }
    }

    /// An effect that awaits something the clock cannot see (here a gate the
    /// test opens) does not hold the advance: once it shows no change for a
    /// moment, the clock moves. Once past the gate, its sleep is waited for.
    @Test func anEffectAwaitingSomethingElseDoesNotHoldTheAdvance() async {
        let clock = TestClock()
        let gate = AsyncGate()
        let test = TestStore(
            initialState: Timer(), reducer: ClockFixtures.reducer,
            middleware: [ClockFixtures.gated(clock: clock, gate: gate)])
        test.dispatch(ClockFixtures.Start())
        await clock.advance(by: .seconds(1))
        #expect(clock.now == TestClock.Instant(offset: .seconds(1)))
        gate.open()
        await clock.advance(by: .seconds(1))
        await test.finish()
    }

    /// Effects that keep changing (here one dispatching async thunks in a
    /// loop) never settle: the advance fails after its timeout, saying so,
    /// and moves the clock anyway.
    @Test func effectsThatNeverSettleFailTheAdvanceSayingSo() async {
        let clock = TestClock()
        let test = TestStore(
            initialState: Timer(), reducer: ClockFixtures.reducer, middleware: ClockFixtures.busy(clock: clock))
        test.dispatch(ClockFixtures.Start())
        let line = #line + 2
        await withKnownIssue {
            await clock.advance(by: .seconds(1), timeout: .milliseconds(300))
        } matching: { issue in
            issue.comments.first.map {
                $0.rawValue.hasPrefix(
                    "TestClock.advance(by: 1.0 seconds): waited 0.3 seconds of wall-clock time for the effects using "
                        + "the clock to finish or park before moving it, but ")
                    && $0.rawValue.hasSuffix(
                        "  They kept starting, ending, waking or parking for the whole wait, as an effect that loops "
                            + "without sleeping on the clock does. The clock moved on without waiting further.")
            } == true && issue.sourceLocation?.line == line
        }
        #expect(clock.now == TestClock.Instant(offset: .seconds(1)))
        test.store.cancelEffects()
        _ = await test.store.waitForEffects(timeout: .seconds(10))
        test.skipReceivedActions()
    }

    /// A receive that times out while an effect sleeps on a test clock says to
    /// move that clock; one parked in a take, to dispatch what it waits for.
    @Test func aReceiveTimeoutSaysWhatTheEffectsWaitFor() async {
        let failures = Recorder<String>()
        let clock = TestClock()
        let test = TestStore(
            initialState: Timer(), reducer: ClockFixtures.reducer,
            middleware: [ClockFixtures.timer(clock: clock), ClockFixtures.takeThenSleep(clock: clock)],
            onFailure: { failures.append($0) })
        test.dispatch(Toggle()) { $0.isTimerActive = true }
        test.dispatch(ClockFixtures.Start())
        await test.receive(Tick.self, timeout: .milliseconds(10))
        #expect(
            failures.values == [
                "Expected to receive Tick, but nothing was received within 0.01 seconds:\n"
                    + "  1 effect is asleep on a test clock: move that clock (await clock.advance(by:)) "
                    + "before receiving.\n"
                    + "  1 effect is waiting for an action (take, condition) or a pause: dispatch what it waits for."
            ])
        test.dispatch(Toggle()) { $0.isTimerActive = false }
        test.store.cancelEffects()
        await test.finish()
    }
}
