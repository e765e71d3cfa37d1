import ReduxKitLinux
import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// `clock.timer(interval:)`: a periodic sequence on an injected clock whose
/// ticks, on a test clock, follow the period (issue 23, item 3).
@Suite("Clock timer", .timeLimit(.minutes(1)))
struct ClockTimerTests {
    typealias Timer = ClockFixtures.Timer
    typealias Tick = ClockFixtures.Tick
    typealias Toggle = ClockFixtures.Toggle

    /// TCA's Effects-Timers with `clock.timer(interval:)`: one tick per
    /// period, however the advances cut the periods.
    @Test func aTimersTicksFollowThePeriod() async {
        for _ in 0..<20 {
            let clock = TestClock()
            let test = TestStore(
                initialState: Timer(), reducer: ClockFixtures.reducer,
                middleware: [ClockFixtures.timer(clock: clock, usesTimer: true)])
            test.dispatch(Toggle()) { $0.isTimerActive = true }
            await clock.advance(by: .milliseconds(999))
            await clock.advance(by: .milliseconds(1))
            await test.receive(Tick.self) { $0.secondsElapsed = 1 }
            await clock.advance(by: .milliseconds(2500))
            await test.receive(Tick.self) { $0.secondsElapsed = 2 }
            await test.receive(Tick.self) { $0.secondsElapsed = 3 }
            // The deadlines count from the start: the next is at 4 s, not 4.5 s.
            #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(4)))
            await clock.advance(by: .milliseconds(500))
            await test.receive(Tick.self) { $0.secondsElapsed = 4 }
            test.dispatch(Toggle()) { $0.isTimerActive = false }
            await test.finish()
        }
    }

    /// Iterated outside a store: the elements number the ticks, a jump past
    /// several deadlines yields the ticks it skipped, and cancelling the
    /// iterating task ends the sequence.
    @Test func aTimerNumbersItsTicksAndEndsWhenCancelled() async {
        let clock = TestClock()
        let ticks = Recorder<Int>()
        let iterating = Task {
            for await tick in clock.timer(interval: .seconds(2)) { ticks.append(tick) }
        }
        await clock.waitForSleepers()
        // The synchronous advance jumps: the ticks it passed come at once, in order.
        Self.jump(clock, by: .seconds(6))
        await clock.waitForSleepers()
        #expect(ticks.values == [1, 2, 3])
        #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(8)))
        iterating.cancel()
        await iterating.value
        #expect(clock.sleeping == 0)
    }

    /// The synchronous advance, from synchronous code: one jump.
    static func jump(_ clock: TestClock, by duration: Duration) {
        clock.advance(by: duration)
    }

    /// The timer takes any `Clock<Duration>`, as `Dependencies.clock` holds it.
    @Test func aTimerRunsOnAnyClock() async {
        let clock: any Clock<Duration> = ImmediateClock()
        var ticks: [Int] = []
        for await tick in clock.timer(interval: .seconds(1)) {
            ticks.append(tick)
            if tick == 3 { break }
        }
        #expect(ticks == [1, 2, 3])
        #expect((clock as? ImmediateClock)?.now == ImmediateClock.Instant(offset: .seconds(3)))
    }
}
