import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// `subscribe(includingCurrentState: true)` hands the subscriber the current
/// state before it returns, then every new state, with no gap between the two
/// that a dispatch could fall into.
@Suite("Subscribe with the current state", .hangSafetyNet)
struct SubscribeWithCurrentStateTests {
    @Test func theCurrentStateArrivesBeforeSubscribeReturnsThenEachNewOne() {
        let store = createStore(counterReducer, 7)
        var received: [Int] = []
        let subscription = store.subscribe(includingCurrentState: true) { received.append($0) }
        #expect(received == [7])
        store.dispatch(Increment())
        store.dispatch(Increment(by: 2))
        #expect(received == [7, 8, 10])
        subscription.dispose()
        store.dispatch(Increment())
        #expect(received == [7, 8, 10])
    }

    @Test func withoutTheCurrentStateNothingArrivesBeforeADispatch() {
        let store = createStore(counterReducer, 7)
        var received: [Int] = []
        let subscription = store.subscribe(includingCurrentState: false) { received.append($0) }
        #expect(received.isEmpty)
        store.dispatch(Increment())
        #expect(received == [8])
        subscription.dispose()
    }

    @Test func aSubscriberThatDispatchesOnItsFirstCall() {
        let store = createStore(counterReducer, 0)
        var earlier: [Int] = []
        store.subscribe { earlier.append($0) }
        var received: [Int] = []
        store.subscribe(includingCurrentState: true) { [unowned store] state in
            received.append(state)
            if state == 0 { store.dispatch(Increment()) }
        }
        // The nested dispatch ran inside subscribe and reached everyone once.
        #expect(received == [0, 1])
        #expect(earlier == [1])
        #expect(store.state == 1)
        store.dispatch(Increment())
        #expect(received == [0, 1, 2])
        #expect(earlier == [1, 2])
    }

    @Test func aScopedStoreGivesItsOwnCurrentValue() {
        let store = createStore(counterReducer, 21)
        let doubled = store.view(value: { $0 * 2 })
        var received: [Int] = []
        let subscription = doubled.subscribe(includingCurrentState: true) { received.append($0) }
        #expect(received == [42])
        store.dispatch(Increment())
        #expect(received == [42, 44])
        subscription.dispose()
    }

    @Test func aSharedStoreSubscriberMissesNoStateWhileOthersDispatch() {
        let shared = SharedStore(createStore(counterReducer, nil))
        let dispatchers = 4
        let dispatchesAfterJoining = 1_000
        let subscribers = 3
        let joinAfter = 2_000
        let reached = (0..<subscribers).map { _ in DispatchSemaphore(value: 0) }
        let calls = Counter()
        // Lets subscriber i join after (i + 1) * 2,000 states, mid-dispatching.
        shared.subscribe { _ in
            calls.increment()
            let count = calls.count
            if count % joinAfter == 0, count / joinAfter <= subscribers { reached[count / joinAfter - 1].signal() }
        }
        let received = (0..<subscribers).map { _ in Recorder<Int>() }
        let handles = Locked<[any ReduxDisposable & Sendable]>([])
        onThreads(dispatchers + subscribers) { index in
            guard index >= dispatchers else {
                // Dispatching until every subscriber has joined, and on after.
                while handles.withLock({ $0.count }) < subscribers { shared.dispatch(Increment()) }
                for _ in 0..<dispatchesAfterJoining { shared.dispatch(Increment()) }
                return
            }
            let subscriber = index - dispatchers
            reached[subscriber].wait()
            let handle = shared.subscribe(includingCurrentState: true) { received[subscriber].append($0) }
            handles.withLock { $0.append(handle) }
        }
        let total = shared.state
        #expect(calls.count == total)
        for recorder in received {
            let values = recorder.values
            // Every state from the first it was given to the last, each once.
            #expect(values.first.map { Array($0...total) } == values)
            #expect((values.first ?? 0) >= joinAfter)
            #expect(values.count > dispatchers * dispatchesAfterJoining)
        }
        for handle in handles.withLock({ $0 }) { handle.dispose() }
    }
}
