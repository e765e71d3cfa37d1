import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// A `WeakStore` reaches its store in the store's own domain: under the lock of
/// the `SharedStore` holding it, or on the actor an effect middleware of the
/// same chain was created on.
@Suite("WeakStore")
struct WeakStoreTests {
    @Test func dispatchesThroughASharedStoreWhileItLivesAndNothingAfter() async {
        let kept = Locked<WeakStore<Int>?>(nil)
        let keeper: Middleware<Int> = { api in
            kept.withLock { $0 = api.weakStore }
            return { next in { next($0) } }
        }
        do {
            let store = SharedStore(createStore(counterReducer, 0, applyMiddleware(keeper)))
            let handle = kept.withLock { $0 }
            #expect(await handle?.isAlive == true)
            #expect(await handle?.dispatch(Increment()) != nil)
            #expect(await handle?.getState() == 1)
            #expect(store.state == 1)
        }
        let handle = kept.withLock { $0 }
        #expect(await handle?.isAlive == false)
        #expect(await handle?.dispatch(Increment()) == nil)
        #expect(await handle?.getState() == nil)
    }

    @Test @MainActor func dispatchesOnTheStoresActorWhileItLivesAndNothingAfter() async {
        var kept: WeakStore<Int>?
        let keeper: Middleware<Int> = { api in
            kept = api.weakStore
            return { next in { next($0) } }
        }
        do {
            // The thunk middleware, made here, settles the chain on the main actor.
            let store = createStore(counterReducer, 0, applyMiddleware(keeper, thunkMiddleware()))
            #expect(await kept?.isAlive == true)
            #expect(await kept?.dispatch(Increment()) != nil)
            #expect(await kept?.getState() == 1)
            #expect(store.state == 1)
        }
        #expect(await kept?.isAlive == false)
        #expect(await kept?.dispatch(Increment()) == nil)
        #expect(await kept?.getState() == nil)
    }

    @Test func anApiMadeByHandHasNone() {
        let api = MiddlewareApi<Int>(dispatch: { $0 }, getState: { 0 })
        #expect(api.weakStore == nil)
    }
}
