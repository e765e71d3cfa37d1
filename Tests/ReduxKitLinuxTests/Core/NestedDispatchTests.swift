import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Testing

@Suite("Nested dispatch")
struct NestedDispatchTests {
    @Test func aSubscriberDispatchingIsAppliedAtOnce() {
        let store = createStore(counterReducer, nil)
        let seenAfterNested = Recorder<Int>()
        store.subscribe { [weak store] state in
            guard state == 1, let store else { return }
            store.dispatch(Increment())
            seenAfterNested.append(store.getState())
        }
        store.dispatch(Increment())
        #expect(seenAfterNested.values == [2])
        #expect(store.getState() == 2)
    }

    /// ReSwift's issue #519: after a nested dispatch, later subscribers received
    /// the older state last. Here they receive only the newest, once.
    @Test func laterSubscribersNeverReceiveAnOlderStateAfterANewerOne() {
        let store = createStore(counterReducer, nil)
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        let third = Recorder<Int>()
        store.subscribe { first.append($0) }
        store.subscribe { [weak store] state in
            second.append(state)
            if state == 1 { store?.dispatch(Increment()) }
        }
        store.subscribe { third.append($0) }
        store.dispatch(Increment())
        #expect(first.values == [1, 2])
        #expect(second.values == [1, 2])
        #expect(third.values == [2])
    }

    @Test func theFirstSubscriberDispatchingStillLetsEveryoneSeeTheLatestState() {
        let store = createStore(counterReducer, nil)
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        store.subscribe { [weak store] state in
            first.append(state)
            if state < 3 { store?.dispatch(Increment()) }
        }
        store.subscribe { second.append($0) }
        store.dispatch(Increment())
        #expect(first.values == [1, 2, 3])
        #expect(second.values == [3])
        #expect(store.getState() == 3)
    }

    /// Random cascades of nested dispatches: every subscriber's states strictly
    /// increase (no older state, no repeat) and end with the final state.
    @Test(arguments: 0..<40)
    func randomCascadesKeepEverySubscriberMonotonicAndCurrent(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        let store = createStore(counterReducer, nil)
        let subscriberCount = Int.random(in: 1...6, using: &generator)
        let recorders = (0..<subscriberCount).map { _ in Recorder<Int>() }
        var budget = 60
        for index in 0..<subscriberCount {
            let dispatchesWhen = Int.random(in: 0...3, using: &generator)
            store.subscribe { [weak store] state in
                recorders[index].append(state)
                if state % 4 == dispatchesWhen, budget > 0 {
                    budget -= 1
                    store?.dispatch(Increment())
                }
            }
        }
        for _ in 0..<5 { store.dispatch(Increment()) }
        let final = store.getState()
        for recorder in recorders {
            let states = recorder.values
            #expect(states == states.sorted() && Set(states).count == states.count)
            #expect(states.last == final)
        }
    }
}
