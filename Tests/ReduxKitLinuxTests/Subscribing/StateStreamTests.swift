import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

@Suite("State streams")
struct StateStreamTests {
    static func core(of store: Store<Int>) -> StoreCore<Int> {
        store.backend as! StoreCore<Int>
    }

    @Test func theStreamStartsWithTheCurrentStateThenEachNewOne() async {
        let store = createStore(counterReducer, 5)
        var iterator = store.states.makeAsyncIterator()
        #expect(await iterator.next() == 5)
        store.dispatch(Increment())
        #expect(await iterator.next() == 6)
        store.dispatch(Increment())
        #expect(await iterator.next() == 7)
    }

    @Test func aSlowConsumerGetsTheNewestStateNotABacklog() async {
        let store = createStore(counterReducer, 0)
        var iterator = store.states.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        for _ in 0..<1_000 { store.dispatch(Increment()) }
        #expect(await iterator.next() == 1_000)
        store.dispatch(Increment())
        #expect(await iterator.next() == 1_001)
    }

    @Test func anUnboundedStreamKeepsEveryState() async {
        let store = createStore(counterReducer, 0)
        var iterator = store.states(bufferingPolicy: .unbounded).makeAsyncIterator()
        for _ in 0..<3 { store.dispatch(Increment()) }
        var seen: [Int] = []
        for _ in 0..<4 { seen.append(await iterator.next() ?? -1) }
        #expect(seen == [0, 1, 2, 3])
    }

    /// The stream ends at once; its subscription goes at the store's next state
    /// change (only the store's own domain can remove it).
    @Test func cancellingTheConsumingTaskEndsTheStreamAndFreesItsSubscription() async {
        let store = createStore(counterReducer, 0)
        let started = Recorder<Bool>()
        let states = store.states
        let consumer = Task {
            var count = 0
            for await _ in states {
                count += 1
                started.append(true)
            }
            return count
        }
        _ = await started.wait(forCount: 1)  // the consumer has the current state
        #expect(Self.core(of: store).subscriberCount == 1)
        consumer.cancel()
        #expect(await consumer.value >= 1)
        store.dispatch(Increment())
        #expect(Self.core(of: store).subscriberCount == 0)
    }

    /// As when the consumer stops: the subscription goes at the next state change.
    @Test func droppingTheStreamFreesItsSubscription() {
        let store = createStore(counterReducer, 0)
        do {
            let stream = store.states
            _ = stream
            #expect(Self.core(of: store).subscriberCount == 1)
        }
        store.dispatch(Increment())
        #expect(Self.core(of: store).subscriberCount == 0)
    }

    @Test func theStreamEndsWhenTheStoreIsFreedAndDoesNotKeepItAlive() async {
        weak var weakStore: Store<Int>?
        var stream: AsyncStream<Int>?
        do {
            let store = createStore(counterReducer, 1)
            weakStore = store
            stream = store.states
            store.dispatch(Increment())
        }
        #expect(weakStore == nil)
        let states = stream!
        let seen = Recorder<Int>()
        let ended = Flag()
        let consumer = Task {
            for await state in states { seen.append(state) }
            ended.set()
        }
        // The stream ends by itself, without the consumer being cancelled (a
        // stream that did not would keep this waiting).
        await consumer.value
        #expect(ended.isSet)
        #expect(seen.values == [2])
    }

    @Test func aScopedStoreStreamsItsDerivedValueOnlyWhenItChanges() async {
        struct State: Equatable {
            var count = 0
            var other = 0
        }
        struct Other: Action {}
        let store = createStore(
            { (state: inout State, action: any Action) in
                if action is Increment { state.count += 1 }
                if action is Other { state.other += 1 }
            }, State())
        let counts = store.view(value: { $0.count })
        var iterator = counts.states(bufferingPolicy: .unbounded).makeAsyncIterator()
        store.dispatch(Other())
        store.dispatch(Increment())
        store.dispatch(Other())
        store.dispatch(Increment())
        var seen: [Int] = []
        for _ in 0..<3 { seen.append(await iterator.next() ?? -1) }
        #expect(seen == [0, 1, 2])
    }
}
