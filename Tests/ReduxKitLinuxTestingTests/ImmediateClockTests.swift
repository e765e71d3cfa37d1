import ReduxKitLinux
import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// `ImmediateClock` (issue 23, item 3): sleeps return at once and move `now`
/// by the time slept, as swift-clocks' does.
@Suite("ImmediateClock", .timeLimit(.minutes(1)))
struct ImmediateClockTests {
    @Test func aSleepReturnsAtOnceAndMovesNow() async throws {
        let clock = ImmediateClock()
        try await clock.sleep(for: .seconds(5))
        #expect(clock.now == ImmediateClock.Instant(offset: .seconds(5)))
        try await clock.sleep(until: ImmediateClock.Instant(offset: .seconds(2)))
        #expect(clock.now == ImmediateClock.Instant(offset: .seconds(5)))
        #expect(clock.minimumResolution == .zero)
        #expect(clock.now.duration(to: clock.now.advanced(by: .seconds(1))) == .seconds(1))
    }

    @Test func aSleepInACancelledTaskThrows() async {
        let clock = ImmediateClock()
        let sleeping = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                try await clock.sleep(for: .seconds(1))
                return true
            } catch {
                return error is CancellationError
                    ? false : true
            }
        }
        #expect(await sleeping.value == false)
        #expect(clock.now == ImmediateClock.Instant(offset: .zero))
    }

    /// An effect's waits on it pass at once: a timed `take` times out with no
    /// clock to move.
    @Test func aStoresEffectsWaitsPassAtOnce() async {
        let clock = ImmediateClock()
        let test = TestStore(
            initialState: ClockFixtures.Timer(), reducer: ClockFixtures.reducer,
            middleware: [ClockFixtures.timedTake(clock: clock)])
        test.dispatch(ClockFixtures.Start())
        await test.receive(ClockFixtures.Done.self) { $0.note = "timed out" }
        await test.finish()
        #expect(clock.now == ImmediateClock.Instant(offset: .seconds(1)))
    }
}
