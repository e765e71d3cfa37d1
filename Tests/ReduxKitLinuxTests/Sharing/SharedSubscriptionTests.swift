import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// Issue 12, item 18: a shared store's handle takes the store's lock to
/// dispose, so `dispose()` called from another thread while a dispatch is
/// notifying subscribers waits until that dispatch, its notification round
/// included, has ended (and the subscriber it removes is still called in that
/// round). No sleeps: the round goes on only once the disposing thread is seen
/// blocked on the lock.
@Suite("Shared subscriptions", .hangSafetyNet)
struct SharedSubscriptionTests {
    /// Whether a thread is asleep waiting for `lock`'s mutex: glibc sets the
    /// mutex word to 2 before a waiter sleeps on it (1 is locked, no waiter).
    static func hasWaiter(_ lock: StoreLock) -> Bool {
        lock.mutex.pointee.__data.__lock == 2
    }

    @Test func disposingFromAnotherThreadWaitsUntilTheRoundUnderWayEnds() async {
        let shared = SharedStore(createStore(counterReducer, nil))
        let events = Recorder<String>()
        let goDispose = DispatchSemaphore(value: 0)
        let disposeReturned = Flag()
        let lock = shared.lock  // the lock only: a subscriber holding its shared store is a cycle
        shared.subscribe { state in
            guard state == 1 else { return }
            events.append("round started")
            goDispose.signal()
            // Until the disposing thread waits for the lock (or, were dispose
            // not to wait, has already returned).
            while !Self.hasWaiter(lock) && !disposeReturned.isSet { sched_yield() }
            events.append("first subscriber done")
        }
        let second = shared.subscribe { state in events.append("second subscriber got \(state)") }
        shared.subscribe { state in events.append("round ended with \(state)") }
        await onThreadsInBackground(2) { index in
            if index == 0 {
                shared.dispatch(Increment())
            } else {
                goDispose.wait()
                second.dispose()
                events.append("dispose returned")
                disposeReturned.set()
            }
        }
        #expect(
            events.values == [
                "round started", "first subscriber done", "second subscriber got 1", "round ended with 1",
                "dispose returned",
            ])
        shared.dispatch(Increment())
        #expect(events.values.last == "round ended with 2")
        #expect(!events.values.contains("second subscriber got 2"))
        #expect(second.disposed)
    }
}
