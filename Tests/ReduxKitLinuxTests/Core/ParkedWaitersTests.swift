import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// The one waiter the package's waits share (test clock, effect tracker, test
/// store recorder, test fixtures): each parked task is woken exactly once, by
/// its owner or by its cancellation, whenever that cancellation comes.
@Suite("Parked waiters", .hangSafetyNet)
struct ParkedWaitersTests {
    struct Owner: Sendable {
        var ready = false
        var waiters = ParkedWaiters<String, Int>()
    }

    @Test func aConditionThatHoldsAnswersWithoutParking() async {
        let owner = Locked(Owner(ready: true))
        let value = await owner.park(in: \.waiters, tag: 0, whenCancelled: "cancelled") { $0.ready ? "ready" : nil }
        #expect(value == "ready")
        #expect(owner.withLock { $0.waiters.count } == 0)
    }

    @Test func aParkedTaskGetsWhatItsOwnerResumesItWith() async {
        let owner = Locked(Owner())
        let parked = Recorder<Int>()
        let waiting = Task {
            await owner.park(
                in: \.waiters, tag: 7, whenCancelled: "cancelled",
                afterParking: { _ in { parked.append(1) } })
        }
        _ = await parked.wait(forCount: 1)
        let taken = owner.withLock { $0.waiters.take { $0 == 7 } }
        #expect(taken.map(\.tag) == [7])
        for waiter in taken { waiter.continuation.resume(returning: "woken") }
        #expect(await waiting.value == "woken")
        #expect(owner.withLock { $0.waiters.count } == 0)
    }

    @Test func aTaskCancelledBeforeItParksDoesNotPark() async {
        let owner = Locked(Owner())
        let value = await Task {
            withUnsafeCurrentTask { $0?.cancel() }  // cancelled before the wait begins
            return await owner.park(in: \.waiters, tag: 0, whenCancelled: "cancelled")
        }.value
        #expect(value == "cancelled")
        #expect(owner.withLock { $0.waiters.count } == 0)
    }

    @Test(arguments: 0..<20)
    func aTaskCancelledWhileParkedIsWokenOnceWithTheCancelledValue(repetition: Int) async {
        let owner = Locked(Owner())
        let parked = Recorder<Int>()
        let waiting = Task {
            await owner.park(
                in: \.waiters, tag: repetition, whenCancelled: "cancelled",
                afterParking: { _ in { parked.append(1) } })
        }
        _ = await parked.wait(forCount: 1)
        waiting.cancel()
        #expect(await waiting.value == "cancelled")
        // The owner finds nothing left to wake.
        #expect(owner.withLock { $0.waiters.take { _ in true } }.isEmpty)
    }

    @Test func theOwnerTakesTheOldestFirst() async {
        let owner = Locked(Owner())
        let parked = Recorder<Int>()
        var tasks: [Task<String, Never>] = []
        for tag in [3, 1, 2] {
            tasks.append(
                Task {
                    await owner.park(
                        in: \.waiters, tag: tag, whenCancelled: "cancelled",
                        afterParking: { _ in { parked.append(tag) } })
                })
            _ = await parked.wait(forCount: tasks.count)  // parked in this order
        }
        let oldest = owner.withLock { $0.waiters.takeOldest() }
        oldest?.resume(returning: "first")
        let rest = owner.withLock { $0.waiters.take { _ in true } }
        #expect(rest.map(\.tag) == [1, 2])
        for waiter in rest { waiter.continuation.resume(returning: "rest") }
        #expect(await tasks[0].value == "first")
        #expect(await tasks[1].value == "rest")
        #expect(await tasks[2].value == "rest")
    }
}
