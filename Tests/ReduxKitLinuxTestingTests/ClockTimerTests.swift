import ReduxKitLinux
import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// Tests without clock choreography (issue 23, item 3): an effect starts
/// inside the dispatch that started it, so it has reached its first sleep
/// when `dispatch` returns, and `clock.timer(interval:)` counts its deadlines
/// from its start, so an advance made before the timer's next sleep is not
/// lost and an advance of n periods ticks n times (swift-clocks' semantics).
/// The races these tests would lose are repeated in loops.
@Suite("Clock timers and tests without waiting for sleepers", .hangSafetyNet)
struct ClockTimerTests {
    typealias Timer = ClockFixtures.Timer
    typealias Tick = ClockFixtures.Tick
    typealias Toggle = ClockFixtures.Toggle

    /// TCA's Effects-Timers test, as written there: no `waitForSleepers()`
    /// before an advance, a five-second advance ticking five times. Fifty
    /// times, so an advance made before the timer's next sleep would show.
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

    /// Advancing by three periods ticks three times, in order; the timer then
    /// waits for its fourth deadline, not for three seconds from the last wake.
    @Test func advancingByThreePeriodsTicksThreeTimes() async {
        for _ in 0..<20 {
            let clock = TestClock()
            let test = TestStore(
                initialState: Timer(), reducer: ClockFixtures.reducer,
                middleware: [ClockFixtures.timer(clock: clock)])
            test.dispatch(Toggle()) { $0.isTimerActive = true }
            await clock.advance(by: .seconds(3))
            await test.receive(Tick.self) { $0.secondsElapsed = 1 }
            await test.receive(Tick.self) { $0.secondsElapsed = 2 }
            await test.receive(Tick.self) { $0.secondsElapsed = 3 }
            await clock.waitForSleepers()
            #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(4)))
            await clock.advance(by: .milliseconds(999))
            test.dispatch(Toggle()) { $0.isTimerActive = false }
            await test.finish()
        }
    }

    /// A loop of `sleep(for:)` in an effect wakes once per deadline within an
    /// advance, as in the app: each sleep begins where the clock stands when
    /// the effect reaches it, and the advance moves from deadline to
    /// deadline, letting the effect run between them. Three seconds, three
    /// ticks (one per advance, before the advance waited for what it woke).
    @Test func aSleepLoopWakesOncePerDeadlineWithinAnAdvance() async {
        let clock = TestClock()
        let test = TestStore(
            initialState: Timer(), reducer: ClockFixtures.reducer,
            middleware: [ClockFixtures.timer(clock: clock, usesTimer: false)])
        test.dispatch(Toggle()) { $0.isTimerActive = true }
        await clock.advance(by: .seconds(3))
        await test.receive(Tick.self) { $0.secondsElapsed = 1 }
        await test.receive(Tick.self) { $0.secondsElapsed = 2 }
        await test.receive(Tick.self) { $0.secondsElapsed = 3 }
        // The effect is back in its sleep when the advance returns: no wait needed.
        #expect(clock.sleeping == 1)
        #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(4)))
        test.dispatch(Toggle()) { $0.isTimerActive = false }
        await test.finish()
    }

    /// A debounce's sleep begins inside the dispatch: the advance right after
    /// it wakes it, with no wait in between.
    @Test func aDebounceNeedsNoWaitBeforeTheAdvance() async {
        for _ in 0..<50 {
            let clock = TestClock()
            let test = TestStore(
                initialState: Timer(), reducer: ClockFixtures.reducer,
                middleware: [ClockFixtures.debounce(clock: clock)])
            test.dispatch(ClockFixtures.Start())
            await clock.advance(by: .milliseconds(299))
            test.dispatch(ClockFixtures.Start())  // cancels the first run: .latest
            await clock.advance(by: .milliseconds(299))
            #expect(test.store.state.note == "")
            await clock.advance(by: .milliseconds(1))
            await test.receive(ClockFixtures.Done.self) { $0.note = "debounced" }
            await test.finish()
        }
    }

    /// A timed `take` sleeps on the clock inside the dispatch too.
    @Test func aTimedTakesTimeoutNeedsNoWaitBeforeTheAdvance() async {
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

    /// An async thunk's body starts inside the dispatch too: a slow server
    /// it sleeps for is on the clock when `dispatch` returns.
    @Test func anAsyncThunksSleepNeedsNoWaitBeforeTheAdvance() async {
        let load = AsyncThunk<Timer, Void, String>("clock/load") { _, context in
            try await context.dependencies.clock.sleep(for: .seconds(2))
            return "loaded"
        }
        for _ in 0..<50 {
            let clock = TestClock()
            let test = TestStore(
                initialState: Timer(),
                reducer: { state, action in if let done = load.fulfilled(action) { state.note = done.value } },
                middleware: [thunkMiddleware(dependencies: ClockFixtures.dependencies(clock))])
            test.exhaustivity = .off
            test.dispatch(load())
            await clock.advance(by: .seconds(2))
            await test.receive(load.fulfilled) { $0.note = "loaded" }
            await test.finish()
        }
    }

    /// A timer's ticks are numbered, and a cancelled iteration ends.
    @Test func aTimersTicksAreNumberedAndCancellingEndsIt() async {
        let clock = TestClock()
        let ticks = Recorder<Int>()
        let task = Task {
            for await tick in clock.timer(interval: .seconds(2)) { ticks.append(tick) }
            return "ended"
        }
        await clock.waitForSleepers()
        #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(2)))
        await clock.advance(by: .seconds(6))
        await clock.waitForSleepers()
        #expect(ticks.values == [1, 2, 3])
        #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(8)))
        task.cancel()
        #expect(await task.value == "ended")
    }

    /// A timer needs an interval above zero.
    @Test func aTimerOfNoIntervalStopsTheProcessSayingSo() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            _ = TestClock().timer(interval: .zero)
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            output.contains(
                "ReduxKitLinux: clock.timer(interval:) needs an interval above zero (it was given 0.0 seconds)."))
    }

    /// Issue 40, item 5: a timer started by a row's effect, through the row's
    /// store, is on the test clock when `dispatch` returns (its first `next()`
    /// does not hop off the store's actor before the timer's sleep
    /// registers), so `sleeping`, `nextDeadline` and `run()` see it. 200
    /// times, each with ten rows: one late registration would show.
    @MainActor
    @Test func aRowsTimerIsOnTheClockWhenTheDispatchReturns() async throws {
        struct Row: Identifiable, Equatable, Sendable { let id: Int }
        struct Rows: Sendable { var rows = IdentifiedArrayOf(uniqueElements: (0..<10).map { Row(id: $0) }) }
        let tick = AsyncThunk<Row, Void, Void>("row/tick") { _, context in
            for await _ in context.dependencies.clock.timer(interval: .seconds(1)) {}
        }
        for _ in 0..<200 {
            let clock = TestClock()
            var dependencies = EffectDependencies()
            dependencies.clock = clock
            let store = createStore(
                { (_: inout Rows, _: any Action) in }, Rows(),
                applyMiddleware(thunkMiddleware(dependencies: dependencies)))
            for id in 0..<10 {
                try #require(store.view(element: id, in: \Rows.rows)).dispatch(tick())
                #expect(clock.sleeping == id + 1)
            }
            #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(1)))
            store.cancelEffects()
            #expect(await store.waitForEffects(timeout: .seconds(60), clock: TestClock()))
        }
    }
}
