import ReduxKitLinuxDevtools
import ReduxKitLinuxTestSupport
import Testing

/// Time travel records every state the reducer produces, whatever dispatches
/// it and however the enhancers are composed.
@Suite("Time travel records every state")
struct TimeTravelRecordingTests {
    @Test func aNestedDispatchFromASubscriberIsRecordedWithItsOwnState() {
        let timeTravel = TimeTravel<Int>(capacity: 10)
        let store = createStore(counterReducer, 0, timeTravel.enhancer)
        var reacted = false  // reacts once: undoing back to 1 must not dispatch again
        let reference = StoreReference<Int>()  // weak: a subscriber holding its store is a cycle
        reference.store = store
        store.subscribe { state in
            if state == 1 && !reacted {
                reacted = true
                reference.store?.dispatch(Increment(by: 10))
            }
        }
        store.dispatch(Increment())
        #expect(timeTravel.entries.map(\.actionType) == ["@@INIT", "Increment", "Increment"])
        #expect(timeTravel.entries.map(\.state) == [0, 1, 11])
        timeTravel.undo()
        #expect(store.state == 1)
        timeTravel.undo()
        #expect(store.state == 0)
    }

    @Test func aMiddlewareMadeActionIsRecordedWhicheverSideOfApplyMiddlewareTimeTravelIs() {
        let doubling: Middleware<Int> = { api in
            { next in
                { action in
                    guard action is Decrement else { return next(action) }
                    _ = api.dispatch(Increment())
                    return api.dispatch(Increment())
                }
            }
        }
        let outside = TimeTravel<Int>(capacity: 10)
        let inside = TimeTravel<Int>(capacity: 10)
        let storeOutside = createStore(
            counterReducer, 0, { creator in outside.enhancer(applyMiddleware(doubling)(creator)) })
        let storeInside = createStore(
            counterReducer, 0, { creator in applyMiddleware(doubling)(inside.enhancer(creator)) })
        storeOutside.dispatch(Decrement())
        storeInside.dispatch(Decrement())
        for timeTravel in [outside, inside] {
            #expect(timeTravel.entries.map(\.state) == [0, 1, 2])
        }
    }

    @MainActor
    @Test func anAsyncThunksResultsAreRecordedWithTimeTravelOutsideApplyMiddleware() async throws {
        let load = AsyncThunk<Int, Int, Int>("count/load") { value, _ in value }
        func reducer(_ state: inout Int, _ action: any Action) {
            if let done = load.fulfilled(action) { state = done.value }
        }
        let timeTravel = TimeTravel<Int>(capacity: 10)
        let store = createStore(
            reducer, 0, { creator in timeTravel.enhancer(applyMiddleware(thunkMiddleware())(creator)) })
        _ = try await store.dispatch(load(5)).value
        #expect(timeTravel.entries.map(\.actionType) == ["@@INIT", "count/load/pending", "count/load/fulfilled"])
        #expect(timeTravel.entries.last?.state == 5)
        timeTravel.undo()
        timeTravel.redo()
        #expect(store.state == 5)
    }

    @Test func theStoreKeepsItsRecorderAlive() {
        let store = createStore(counterReducer, 0, TimeTravel<Int>(capacity: 10).enhancer)
        store.dispatch(Increment())
        #expect(store.state == 1)
    }
}
