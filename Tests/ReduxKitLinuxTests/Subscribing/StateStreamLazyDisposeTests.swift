import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// A plain store's `states` stream: the store can only be changed in its own
/// domain, so when the consumer goes, its subscription is removed at the
/// store's next state change (a `SharedStore`'s is removed at once).
@Suite("State stream: lazy dispose", .hangSafetyNet)
struct StateStreamLazyDisposeTests {
    @Test func afterTheConsumerIsCancelledTheNextDispatchRemovesTheSubscription() async {
        let store = createStore(counterReducer, 0)
        let states = store.states
        let (seen, seeing) = AsyncStream.makeStream(of: Int.self)
        let consumer = Task {
            for await state in states { seeing.yield(state) }
        }
        #expect(await firstValue(of: seen) == 0)
        store.dispatch(Increment())
        #expect(await firstValue(of: seen) == 1)
        #expect(store.core?.subscriberCount == 1)
        consumer.cancel()
        // The stream ended: the consumer's loop is over.
        await consumer.value
        store.dispatch(Increment())
        #expect(store.core?.subscriberCount == 0)
        // Later dispatches reach no one, and nothing breaks.
        store.dispatch(Increment())
        #expect(store.state == 3)
    }

    @Test func aConsumerThatStopsIteratingIsRemovedAtTheNextDispatch() async {
        let store = createStore(counterReducer, 0)
        var seen: [Int] = []
        for await state in store.states {
            seen.append(state)
            if state == 2 { break }
            store.dispatch(Increment())
        }
        #expect(seen == [0, 1, 2])
        store.dispatch(Increment())
        #expect(store.core?.subscriberCount == 0)
    }

    @Test func cancellingOneConsumerLeavesTheOthersStreamRunning() async {
        let store = createStore(counterReducer, 0)
        let first = store.states
        let second = store.states
        let firstConsumer = Task {
            for await _ in first {}
        }
        var secondStates = second.makeAsyncIterator()
        #expect(await secondStates.next() == 0)
        #expect(store.core?.subscriberCount == 2)
        firstConsumer.cancel()
        await firstConsumer.value
        store.dispatch(Increment())
        #expect(store.core?.subscriberCount == 1)
        #expect(await secondStates.next() == 1)
    }

    @MainActor
    @Test func aMainActorStoresStreamIsRemovedAtTheNextDispatch() async {
        let store = createStore(counterReducer, 10)
        let states = store.states
        let (seen, seeing) = AsyncStream.makeStream(of: Int.self)
        let consumer = Task.detached {
            for await state in states { seeing.yield(state) }
        }
        #expect(await firstValue(of: seen) == 10)
        #expect(store.core?.subscriberCount == 1)
        consumer.cancel()
        await consumer.value
        store.dispatch(Increment())
        #expect(store.core?.subscriberCount == 0)
    }
}
