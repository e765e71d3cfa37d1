import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Testing

/// Everything the library makes is freed once nobody holds it: checked with
/// weak references (and, in `.ci/run`, with valgrind on the Demo and on
/// `LeakCheck`).
@Suite("Lifetimes")
struct LifetimeTests {
    @Test func aScopedStoreAndItsParentAreFreedWhenDropped() {
        weak var parent: Store<Int>?
        weak var scoped: Store<Int>?
        weak var captured: Sentinel?
        do {
            let store = createStore(counterReducer, nil)
            let child = store.view(value: { $0 * 2 })
            let sentinel = Sentinel()
            child.subscribe { _ in _ = sentinel }
            child.subscribe(select: { $0 > 3 }) { _ in _ = sentinel }
            child.dispatch(Increment())
            parent = store
            scoped = child
            captured = sentinel
        }
        #expect(parent == nil)
        #expect(scoped == nil)
        #expect(captured == nil)
    }

    @Test func aMiddlewareChainIsFreedWithItsStore() {
        weak var store: Store<Int>?
        weak var inChain: Sentinel?
        do {
            let sentinel = Sentinel()
            let logger: Middleware<Int> = { api in
                { next in
                    { action in
                        _ = sentinel
                        let result = next(action)
                        _ = api.getState()
                        return result
                    }
                }
            }
            let redispatch: Middleware<Int> = { api in
                { next in
                    { action in
                        if action is Noop { return api.dispatch(Increment()) }
                        return next(action)
                    }
                }
            }
            let enhanced = createStore(counterReducer, nil, applyMiddleware(logger, redispatch))
            enhanced.dispatch(Noop())
            #expect(enhanced.state == 1)
            store = enhanced
            inChain = sentinel
        }
        #expect(store == nil)
        #expect(inChain == nil)
    }

    @Test func aStreamIsFreedWithItsConsumerAndFreesNothingItShouldNot() async {
        weak var store: Store<Int>?
        do {
            let strongStore = createStore(counterReducer, 0)
            store = strongStore
            var iterator = strongStore.states.makeAsyncIterator()
            strongStore.dispatch(Increment())
            #expect(await iterator.next() == 1)
        }
        #expect(store == nil)
    }

    @Test func disposedSubscribersAreFreedWhileTheStoreLives() {
        let store = createStore(counterReducer, nil)
        weak var plain: Sentinel?
        weak var selective: Sentinel?
        weak var bagged: Sentinel?
        let bag = DisposeBag()
        var handles: [any ReduxDisposable] = []
        do {
            let first = Sentinel()
            let second = Sentinel()
            let third = Sentinel()
            plain = first
            selective = second
            bagged = third
            handles.append(store.subscribe { _ in _ = first })
            handles.append(store.subscribe(select: { $0 }) { _ in _ = second })
            store.subscribe { _ in _ = third }.disposed(by: bag)
        }
        store.dispatch(Increment())
        #expect(plain != nil && selective != nil && bagged != nil)
        for handle in handles { handle.dispose() }
        bag.disposeAll()
        #expect(plain == nil)
        #expect(selective == nil)
        #expect(bagged == nil)
    }

    @Test func replacedReducersAreFreed() {
        let store = createStore(counterReducer, nil)
        weak var old: Sentinel?
        do {
            let sentinel = Sentinel()
            old = sentinel
            store.replaceReducer { state, action in
                _ = sentinel
                return counterReducer(state, action)
            }
        }
        #expect(old != nil)
        store.replaceReducer(counterReducer)
        #expect(old == nil)
    }
}
