import Dispatch
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// The test clock: time moves only when the test moves it, sleeps wake in
/// deadline order, and a test waits for sleepers without polling.
@Suite("TestClock", .hangSafetyNet)
struct TestClockTests {
    /// Sleeps `duration` on `clock` in a task of its own; the task returns
    /// whether the sleep ended normally (`false`: cancelled).
    static func sleeper(_ clock: TestClock, for duration: Duration) -> Task<Bool, Never> {
        Task {
            do {
                try await clock.sleep(for: duration)
                return true
            } catch {
                return false
            }
        }
    }

    @Test func aSleepWakesOnlyWhenTheClockReachesItsDeadline() async {
        let clock = TestClock()
        let sleeping = Self.sleeper(clock, for: .milliseconds(300))
        await clock.waitForSleepers()
        #expect(clock.nextDeadline == TestClock.Instant(offset: .milliseconds(300)))
        await clock.advance(by: .milliseconds(299))
        #expect(clock.sleeping == 1)
        #expect(clock.now == TestClock.Instant(offset: .milliseconds(299)))
        await clock.advance(by: .milliseconds(1))
        #expect(clock.sleeping == 0)
        #expect(await sleeping.value)
        #expect(clock.sleepCalls == 1)
    }

    @Test func aDeadlineAlreadyPassedDoesNotSleep() async throws {
        let clock = TestClock()
        await clock.advance(by: .seconds(1))
        try await clock.sleep(until: TestClock.Instant(offset: .milliseconds(500)))
        try await clock.sleep(for: .zero)
        #expect(clock.sleeping == 0)
        #expect(clock.sleepCalls == 2)
    }

    /// Runs its jobs one at a time, in the order they come: tasks that prefer
    /// it resume in the order their continuations were resumed.
    final class SerialExecutor: TaskExecutor {
        private let queue = DispatchQueue(label: "TestClockTests.serial")

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        }
    }

    /// The sleepers run on a serial executor, so the order they record is the
    /// order the clock woke them.
    @Test func dueSleepsWakeInDeadlineOrder() async {
        let clock = TestClock()
        let executor = SerialExecutor()
        let woken = Recorder<Int>()
        var sleepers: [Task<Void, Never>] = []
        for milliseconds in [300, 100, 200, 100] {
            sleepers.append(
                Task(executorPreference: executor) {
                    try? await clock.sleep(for: .milliseconds(milliseconds))
                    woken.append(milliseconds)
                })
            // One at a time, so equal deadlines are begun in a known order.
            await clock.waitForSleepers(sleepers.count)
        }
        await clock.advance(to: TestClock.Instant(offset: .milliseconds(250)))
        for sleeper in sleepers[1...3] { await sleeper.value }
        #expect(woken.values == [100, 100, 200])
        #expect(clock.sleeping == 1)
        await clock.run()
        await sleepers[0].value
        #expect(woken.values == [100, 100, 200, 300])
        #expect(clock.now == TestClock.Instant(offset: .milliseconds(300)))
    }

    @Test func runWakesEverySleeperAndMovesToTheLastDeadline() async {
        let clock = TestClock()
        let short = Self.sleeper(clock, for: .seconds(1))
        let long = Self.sleeper(clock, for: .seconds(60))
        await clock.waitForSleepers(2)
        await clock.run()
        #expect(await short.value)
        #expect(await long.value)
        #expect(clock.now == TestClock.Instant(offset: .seconds(60)))
        #expect(clock.nextDeadline == nil)
        await clock.run()
        #expect(clock.now == TestClock.Instant(offset: .seconds(60)))
    }

    @Test func theClockNeverMovesBack() async {
        let clock = TestClock(now: TestClock.Instant(offset: .seconds(10)))
        await clock.advance(to: TestClock.Instant(offset: .seconds(3)))
        #expect(clock.now == TestClock.Instant(offset: .seconds(10)))
        #expect(clock.now.duration(to: clock.now.advanced(by: .seconds(2))) == .seconds(2))
        #expect(clock.minimumResolution == .zero)
    }

    @Test func aCancelledSleepEndsAtOnceWithoutTheClockMoving() async {
        let clock = TestClock()
        let sleeping = Self.sleeper(clock, for: .seconds(1))
        await clock.waitForSleepers()
        sleeping.cancel()
        #expect(await sleeping.value == false)
        #expect(clock.sleeping == 0)
        #expect(clock.now == TestClock.Instant(offset: .zero))
    }

    @Test func aSleepBegunInACancelledTaskThrowsAtOnce() async {
        let clock = TestClock()
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                try await clock.sleep(for: .seconds(1))
                return true
            } catch {
                return false
            }
        }
        #expect(await cancelled.value == false)
        #expect(clock.sleeping == 0)
    }

    @Test func waitingForSleepersReturnsOnceThatManySleep() async {
        let clock = TestClock()
        let first = Self.sleeper(clock, for: .seconds(1))
        let second = Self.sleeper(clock, for: .seconds(2))
        await clock.waitForSleepers(2)
        #expect(clock.sleeping == 2)
        // Already as many as asked for: at once.
        await clock.waitForSleepers(1)
        await clock.advance(by: .seconds(2))
        #expect(await first.value)
        #expect(await second.value)
    }

    @Test func waitingForSleepersEndsWhenTheWaitingTaskIsCancelled() async {
        let clock = TestClock()
        let waiting = Task { await clock.waitForSleepers(3) }
        waiting.cancel()
        await waiting.value
        #expect(clock.sleeping == 0)
    }

    /// The clock never moves back: asking it to is a misuse.
    @Test func movingTheClockBackStopsTheProcessSayingSo() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            await TestClock().advance(by: .seconds(-1))
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            output.contains(
                "ReduxKitLinux: TestClock.advance(by:) cannot move the clock back (it was given -1.0 seconds)."))
    }
}
