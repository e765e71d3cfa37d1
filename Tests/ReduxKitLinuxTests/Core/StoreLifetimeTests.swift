import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Testing

@Suite("Store lifetime")
struct StoreLifetimeTests {
    @Test func aStoreNobodyHoldsIsFreedWithItsReducerAndSubscribers() {
        weak var weakStore: Store<Int>?
        weak var reducerCapture: Sentinel?
        weak var subscriberCapture: Sentinel?
        var subscription: (any ReduxDisposable)?
        do {
            let inReducer = Sentinel()
            let inSubscriber = Sentinel()
            reducerCapture = inReducer
            subscriberCapture = inSubscriber
            let store = createStore(
                { (state: Int?, action: any Action) -> Int in
                    _ = inReducer
                    return counterReducer(state, action)
                }, nil)
            subscription = store.subscribe { _ in _ = inSubscriber }
            store.dispatch(Increment())
            weakStore = store
        }
        #expect(weakStore == nil)
        #expect(reducerCapture == nil)
        // The handle outlives the store but keeps nothing alive.
        #expect(subscriberCapture == nil)
        #expect(subscription?.disposed == true)
    }

    @Test func aSubscriberHoldingItsOwnHandleMakesNoCycle() {
        weak var weakStore: Store<Int>?
        weak var subscriberCapture: Sentinel?
        do {
            let store = createStore(counterReducer, nil)
            let sentinel = Sentinel()
            subscriberCapture = sentinel
            var own: (any ReduxDisposable)?
            own = store.subscribe { _ in
                _ = sentinel
                _ = own?.disposed
            }
            store.dispatch(Increment())
            weakStore = store
        }
        #expect(weakStore == nil)
        #expect(subscriberCapture == nil)
    }

    @Test func middlewareKeepingTheApiPastTheStoreDispatchesNothing() {
        var kept: MiddlewareApi<Int>?
        do {
            let keeper: Middleware<Int> = { api in
                kept = api
                return { next in { next($0) } }
            }
            let store = createStore(counterReducer, nil, applyMiddleware(keeper))
            store.dispatch(Increment())
            #expect(kept?.getState() == 1)
        }
        let returned = kept?.dispatch(Increment(by: 9))
        #expect((returned as? Increment)?.by == 9)
    }
}
