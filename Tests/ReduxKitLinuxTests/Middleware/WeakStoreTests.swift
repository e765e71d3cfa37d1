import ReduxKitLinux
import Testing

@Suite("WeakStore")
struct WeakStoreTests {
    @Test func dispatchesWhileTheStoreLivesAndNothingAfter() {
        var kept: WeakStore<Int>?
        let keeper: Middleware<Int> = { api in
            kept = api.weakStore
            return { next in { next($0) } }
        }
        do {
            let store = createStore(counterReducer, 0, applyMiddleware(keeper))
            #expect(kept?.isAlive == true)
            #expect(kept?.dispatch(Increment()) != nil)
            #expect(kept?.getState() == 1)
            #expect(store.state == 1)
        }
        #expect(kept?.isAlive == false)
        #expect(kept?.dispatch(Increment()) == nil)
        #expect(kept?.getState() == nil)
    }

    @Test func anApiMadeByHandHasNone() {
        let api = MiddlewareApi<Int>(dispatch: { $0 }, getState: { 0 })
        #expect(api.weakStore == nil)
    }
}
