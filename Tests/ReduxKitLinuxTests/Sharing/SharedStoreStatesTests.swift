import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// `SharedStore.states`: the current state first, then the newest states
/// whoever dispatches; the stream ends, and its subscription is removed at once,
/// when the consumer goes.
@Suite("Shared store states", .hangSafetyNet)
struct SharedStoreStatesTests {
    private static func subscriberCount(of shared: SharedStore<Int>) -> Int? {
        shared.withStore { $0.core?.subscriberCount }
    }

    @Test func theStreamFollowsDispatchesFromThreadsToTheLastState() async {
        let shared = SharedStore(createStore(counterReducer, 5))
        let states = shared.states
        let threads = 4
        let dispatchesEach = 2_500
        let last = 5 + threads * dispatchesEach
        let reader = Task {
            var received: [Int] = []
            for await state in states {
                received.append(state)
                if state == last { break }
            }
            return received
        }
        await onThreadsInBackground(threads) { _ in
            for _ in 0..<dispatchesEach { shared.dispatch(Increment()) }
        }
        let received = await reader.value
        // Newest first: some states may be dropped, none repeated or reordered.
        #expect(received.last == last)
        #expect(zip(received, received.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func cancellingTheConsumerEndsTheStreamAndRemovesItsSubscriptionAtOnce() async {
        let shared = SharedStore(createStore(counterReducer, 0))
        let states = shared.states
        let (seen, seeing) = AsyncStream.makeStream(of: Int.self)
        let consumer = Task {
            var count = 0
            for await state in states {
                count += 1
                seeing.yield(state)
            }
            return count
        }
        #expect(await firstValue(of: seen) == 0)
        shared.dispatch(Increment())
        #expect(await firstValue(of: seen) == 1)
        #expect(Self.subscriberCount(of: shared) == 1)
        consumer.cancel()
        // The loop ended (the stream finished), and no dispatch was needed to
        // remove the subscription.
        #expect(await consumer.value >= 2)
        #expect(Self.subscriberCount(of: shared) == 0)
    }

    /// Runs in a child process (a regression would deadlock it; the watchdog
    /// turns that into a failure): consumers cancelled while two threads
    /// dispatch without pause. The stream's cancellation handler runs while the
    /// Swift runtime holds the task's status lock, and a dispatching thread
    /// holding the store's lock may be resuming that task, so the handler never
    /// waits for the store's lock (it used to, and the two threads waited for
    /// each other).
    @Test func cancellingConsumersWhileThreadsDispatchLeavesNoSubscription() async {
        await #expect(processExitsWith: .success) {
            exitIfStillRunning()
            let shared = SharedStore(createStore(counterReducer, 0))
            let stop = Flag()
            let dispatching = Task.detached {
                await onThreadsInBackground(2) { _ in
                    while !stop.isSet { shared.dispatch(Increment()) }
                }
            }
            for _ in 0..<500 {
                let states = shared.states
                let (seen, seeing) = AsyncStream.makeStream(of: Int.self)
                let consumer = Task {
                    for await state in states { seeing.yield(state) }
                }
                _ = await firstValue(of: seen)
                consumer.cancel()
                await consumer.value
            }
            stop.set()
            await dispatching.value
            // Removed at once, or by a task of its own when the lock was busy:
            // awaited to its end.
            await shared.deferredDisposals.waitUntilDone()
            if shared.withStore({ $0.core?.subscriberCount }) != 0 { exit(1) }
        }
    }

    @Test func aConsumerThatStopsIteratingIsRemovedAtOnce() async {
        let shared = SharedStore(createStore(counterReducer, 0))
        var seen: [Int] = []
        for await state in shared.states {
            seen.append(state)
            if state == 2 { break }
            shared.dispatch(Increment())
        }
        #expect(seen == [0, 1, 2])
        #expect(Self.subscriberCount(of: shared) == 0)
    }
}
