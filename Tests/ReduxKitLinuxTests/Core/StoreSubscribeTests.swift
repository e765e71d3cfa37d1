import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Testing

@Suite("Store.subscribe")
struct StoreSubscribeTests {
    @Test func subscribersAreNotCalledOnSubscribeThenInOrderAfterEachDispatch() {
        let store = createStore(counterReducer, nil)
        let calls = Recorder<String>()
        store.subscribe { calls.append("a\($0)") }
        store.subscribe { calls.append("b\($0)") }
        store.subscribe { calls.append("c\($0)") }
        #expect(calls.values.isEmpty)
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(calls.values == ["a1", "b1", "c1", "a2", "b2", "c2"])
    }

    @Test func everyDispatchNotifiesEvenWhenTheStateIsUnchanged() {
        let store = createStore(counterReducer, nil)
        let states = Recorder<Int>()
        store.subscribe { states.append($0) }
        store.dispatch(Noop())
        store.dispatch(Noop())
        #expect(states.values == [0, 0])
    }

    @Test func disposeIsIdempotentAndRemovesOnlyItsOwnSubscription() {
        let store = createStore(counterReducer, nil)
        let calls = Recorder<Int>()
        let subscriber: (Int) -> Void = { calls.append($0) }
        let first = store.subscribe(subscriber)
        let second = store.subscribe(subscriber)
        store.dispatch(Increment())
        #expect(calls.values == [1, 1])

        #expect(first.disposed == false)
        first.dispose()
        #expect(first.disposed)
        #expect(second.disposed == false)
        first.dispose()
        #expect(first.disposed)
        store.dispatch(Increment())
        #expect(calls.values == [1, 1, 2])

        second.dispose()
        store.dispatch(Increment())
        #expect(calls.values == [1, 1, 2])
    }

    @Test func disposeReleasesTheSubscriberAtOnce() {
        let store = createStore(counterReducer, nil)
        weak var watched: Sentinel?
        let subscription: any ReduxDisposable
        do {
            let sentinel = Sentinel()
            watched = sentinel
            subscription = store.subscribe { _ in _ = sentinel }
        }
        #expect(watched != nil)
        subscription.dispose()
        #expect(watched == nil)
    }

    @Test func aSubscriberDisposedDuringARoundIsReleasedWhenTheRoundEnds() {
        let store = createStore(counterReducer, nil)
        weak var watched: Sentinel?
        var later: (any ReduxDisposable)?
        let releasedInRound = Recorder<Bool>()
        store.subscribe { _ in
            later?.dispose()
            releasedInRound.append(watched == nil)
        }
        do {
            let sentinel = Sentinel()
            watched = sentinel
            later = store.subscribe { _ in _ = sentinel }
        }
        store.dispatch(Increment())
        // The running round still holds it; it goes as soon as the round ends.
        #expect(releasedInRound.values == [false])
        #expect(watched == nil)
    }

    @Test func aSubscriberDisposedDuringARoundIsNotCalledInIt() {
        let store = createStore(counterReducer, nil)
        let calls = Recorder<String>()
        var later: (any ReduxDisposable)?
        store.subscribe { _ in
            calls.append("first")
            later?.dispose()
        }
        later = store.subscribe { _ in calls.append("second") }
        store.dispatch(Increment())
        #expect(calls.values == ["first"])
        #expect(later?.disposed == true)
    }

    @Test func aSubscriberMayDisposeItself() {
        let store = createStore(counterReducer, nil)
        let calls = Recorder<Int>()
        var own: (any ReduxDisposable)?
        own = store.subscribe { state in
            calls.append(state)
            own?.dispose()
        }
        let other = Recorder<Int>()
        store.subscribe { other.append($0) }
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(calls.values == [1])
        #expect(other.values == [1, 2])
    }

    @Test func aSubscriberAddedDuringARoundIsFirstCalledOnTheNextDispatch() {
        let store = createStore(counterReducer, nil)
        let late = Recorder<Int>()
        var added = false
        store.subscribe { [weak store] _ in
            guard !added else { return }
            added = true
            store?.subscribe { late.append($0) }
        }
        store.dispatch(Increment())
        #expect(late.values.isEmpty)
        store.dispatch(Increment())
        #expect(late.values == [2])
    }

    @Test func orderSurvivesManySubscriptionsComingAndGoing() {
        let store = createStore(counterReducer, nil)
        let calls = Recorder<Int>()
        var handles: [any ReduxDisposable] = []
        for id in 0..<200 {
            handles.append(store.subscribe { _ in calls.append(id) })
        }
        // Dispose three quarters, enough to make the list compact itself.
        for id in 0..<200 where id % 4 != 0 {
            handles[id].dispose()
        }
        for id in 200..<210 {
            handles.append(store.subscribe { _ in calls.append(id) })
        }
        store.dispatch(Increment())
        let expected = Array(stride(from: 0, to: 200, by: 4)) + Array(200..<210)
        #expect(calls.values == expected)

        // Handles still find their place after compaction.
        handles[0].dispose()
        handles[205].dispose()
        #expect(handles[0].disposed && handles[205].disposed && !handles[4].disposed)
        store.dispatch(Increment())
        let second = Array(calls.values.dropFirst(expected.count))
        #expect(second == expected.filter { $0 != 0 && $0 != 205 })
    }

    @Test func disposingEverySubscriberLeavesAWorkingStore() {
        let store = createStore(counterReducer, nil)
        let handles = (0..<50).map { _ in store.subscribe { _ in } }
        for handle in handles { handle.dispose() }
        let calls = Recorder<Int>()
        store.subscribe { calls.append($0) }
        store.dispatch(Increment())
        #expect(calls.values == [1])
    }

    @Test func aHandleOutlivingItsStoreReportsDisposedAndDisposeIsHarmless() {
        var store: Store<Int>? = createStore(counterReducer, nil)
        let subscription = store!.subscribe { _ in }
        #expect(subscription.disposed == false)
        store = nil
        #expect(subscription.disposed)
        subscription.dispose()
        #expect(subscription.disposed)
    }
}
