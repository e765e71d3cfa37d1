import ReduxKitLinux
import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// A test store's dispatch answers a handle on the effects it started
/// (issue 23, item 4): a listener's run to cancel or wait for, as TCA's
/// `let task = await store.send(…)` gives.
@Suite("The task a test store's dispatch answers", .hangSafetyNet)
struct TestStoreTaskTests {
    typealias Timer = ClockFixtures.Timer

    static func timerTest(_ clock: TestClock, onFailure: (@Sendable (String) -> Void)? = nil) -> TestStore<Timer> {
        if let onFailure {
            return TestStore(
                initialState: Timer(), reducer: ClockFixtures.reducer,
                middleware: [ClockFixtures.timer(clock: clock)], onFailure: onFailure)
        }
        return TestStore(
            initialState: Timer(), reducer: ClockFixtures.reducer, middleware: [ClockFixtures.timer(clock: clock)])
    }

    @Test func cancellingTheTaskEndsTheListenersRunAndTheTestFinishes() async {
        let clock = TestClock()
        let test = Self.timerTest(clock)
        let timer = test.dispatch(ClockFixtures.Toggle()) { $0.isTimerActive = true }
        #expect(timer.effectCount == 1)
        #expect(timer.returned is ClockFixtures.Toggle)
        await clock.advance(by: .seconds(1))
        await test.receive(ClockFixtures.Tick.self) { $0.secondsElapsed = 1 }
        #expect(test.store.runningEffectCount == 1)
        timer.cancel()
        await timer.finish()
        #expect(test.store.runningEffectCount == 0)
        await test.finish()
    }

    @Test func finishWaitsForTheEffectsToEnd() async {
        let clock = TestClock()
        let test = TestStore(
            initialState: Timer(), reducer: ClockFixtures.reducer, middleware: [ClockFixtures.timedTake(clock: clock)])
        let task = test.dispatch(ClockFixtures.Start())
        await clock.advance(by: .seconds(1))
        await task.finish()
        // The run ended, so what it dispatched is there to receive.
        #expect(test.store.state.note == "timed out")
        await test.receive(ClockFixtures.Done.self) { $0.note = "timed out" }
        await test.finish()
    }

    @Test func aDispatchThatStartsNothingAnswersAnEmptyTask() async {
        let test = Self.timerTest(TestClock())
        let task = test.dispatch(ClockFixtures.Tick()) { $0.secondsElapsed = 1 }
        #expect(task.effectCount == 0)
        await task.finish()
        await test.finish()
    }

    @Test func onlyTheDispatchsOwnEffectsAreItsTasks() async {
        let clock = TestClock()
        let test = Self.timerTest(clock)
        let first = test.dispatch(ClockFixtures.Toggle()) { $0.isTimerActive = true }
        // The second toggle cancels the first run (.latest) and starts one that ends at once.
        let second = test.dispatch(ClockFixtures.Toggle()) { $0.isTimerActive = false }
        #expect(first.effectCount == 1 && second.effectCount == 1)
        await first.finish()
        await second.finish()
        await test.finish()
    }

    @Test func aTaskThatDoesNotEndFailsItsFinishSayingSo() async {
        let failures = Recorder<String>()
        let clock = TestClock()
        let test = Self.timerTest(clock, onFailure: { failures.append($0) })
        let timer = test.dispatch(ClockFixtures.Toggle()) { $0.isTimerActive = true }
        await timer.finish(timeout: .milliseconds(10))
        #expect(
            failures.values == [
                "The effect Toggle started did not end within 0.01 seconds of wall-clock time:\n"
                    + "  Receive what they dispatch, end them (move the test clock, dispatch what they take, open what "
                    + "they wait for), or cancel the dispatch's task (task.cancel()) before awaiting its finish."
            ])
        timer.cancel()
        await timer.finish()
        await test.finish()
    }
}
