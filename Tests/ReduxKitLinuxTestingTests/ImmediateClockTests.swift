import ReduxKitLinux
import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// An immediate clock (issue 23, item 3): its sleeps return at once and move
/// its `now`, so a debounce or a timeout passes without the test moving time.
@Suite("Immediate clock")
struct ImmediateClockTests {
    @Test func aSleepReturnsAtOnceAndMovesNow() async throws {
        let clock = ImmediateClock()
        try await clock.sleep(for: .seconds(5))
        #expect(clock.now == ImmediateClock.Instant(offset: .seconds(5)))
        // A deadline already passed leaves the clock where it is.
        try await clock.sleep(until: ImmediateClock.Instant(offset: .seconds(1)))
        #expect(clock.now == ImmediateClock.Instant(offset: .seconds(5)))
        #expect(clock.now.duration(to: ImmediateClock.Instant(offset: .seconds(7))) == .seconds(2))
    }

    @Test func aCancelledSleepThrows() async {
        let clock = ImmediateClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.now == ImmediateClock.Instant(offset: .zero))
    }

    @Test func aDebouncedListenerRunsWithoutTheTestMovingTime() async {
        let clock = ImmediateClock()
        let test = TestStore(
            initialState: ClockFixtures.Timer(), reducer: ClockFixtures.reducer,
            middleware: [ClockFixtures.debounce(clock: clock)])
        test.dispatch(ClockFixtures.Start())
        await test.receive(ClockFixtures.Done.self) { $0.note = "debounced" }
        #expect(clock.now == ImmediateClock.Instant(offset: .milliseconds(300)))
        await test.finish()
    }

    @Test func aTimerTicksOnAnImmediateClockAsFastAsItIsRead() async {
        let clock = ImmediateClock()
        var ticks: [Int] = []
        for await tick in clock.timer(interval: .seconds(1)) {
            ticks.append(tick)
            if tick == 4 { break }
        }
        #expect(ticks == [1, 2, 3, 4])
        #expect(clock.now == ImmediateClock.Instant(offset: .seconds(4)))
    }
}
