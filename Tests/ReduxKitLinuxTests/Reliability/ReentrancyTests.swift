import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Testing

/// Everything a subscriber, middleware, selector or scoped store may legally
/// do to its own store from inside a call, done at once: none of it may
/// deadlock (each test fails after 10 seconds rather than hang).
@Suite("Reentrancy never deadlocks", .hangSafetyNet)
struct ReentrancyTests {
    @Test func subscribersUseTheirStoreFromInsideARound() {
        let final = result {
            let store = createStore(counterReducer, nil)
            let bag = DisposeBag()
            var other: (any ReduxDisposable)?
            var replaced = false
            store.subscribe { [weak store] state in
                guard let store, state < 5 else { return }
                _ = store.getState()
                _ = store.state
                store.subscribe { _ in }.disposed(by: bag)
                other?.dispose()
                store.subscribe(select: { $0 % 2 }) { _ in }.disposed(by: bag)
                store.view(value: { $0 * 2 }).subscribe { _ in }.disposed(by: bag)
                _ = store.states
                if state == 3, !replaced {
                    // Once: the replacement dispatches, which calls this subscriber again.
                    replaced = true
                    store.replaceReducer(counterReducer)
                }
                store.dispatch(Increment())
            }
            other = store.subscribe { _ in }
            store.dispatch(Increment())
            bag.disposeAll()
            return store.state
        }
        // Increments at 1, 2, 3, again at 3 (the replacement is a new state) and at 4.
        #expect(final == 6)
    }

    @Test func middlewareAndSelectorsReadTheStoreFromInside() {
        let outcome = result { () -> (state: Int, seen: [Int]) in
            let reference = StoreReference<Int>()
            let reading: Middleware<Int> = { api in
                { next in
                    { action in
                        _ = api.getState()
                        _ = reference.store?.state
                        let result = next(action)
                        if action is Noop { _ = api.dispatch(Increment()) }
                        return result
                    }
                }
            }
            let store = createStore(counterReducer, nil, applyMiddleware(reading))
            reference.store = store
            let seen = Recorder<Int>()
            store.subscribe(select: { state in (reference.store?.state ?? 0) + state }) { seen.append($0) }
            let scoped = store.view(value: { state in (reference.store?.state ?? 0) - state })
            scoped.subscribe { _ in }
            store.dispatch(Noop())
            return (store.state, seen.values)
        }
        #expect(outcome?.state == 1)
        #expect(outcome?.seen == [2])
    }

    @Test func releasingASubscriberMayDisposeAnotherSubscription() {
        final class DisposesOnDeinit {
            var target: (any ReduxDisposable)?
            deinit { target?.dispose() }
        }
        let outcome = result { () -> (victimDisposed: Bool, calls: Int) in
            let store = createStore(counterReducer, nil)
            let calls = Counter()
            let victim = store.subscribe { _ in calls.increment() }
            let subscription: any ReduxDisposable
            do {
                let trigger = DisposesOnDeinit()
                trigger.target = victim
                subscription = store.subscribe { _ in _ = trigger }
            }
            subscription.dispose()
            store.dispatch(Increment())
            return (victim.disposed, calls.count)
        }
        #expect(outcome?.victimDisposed == true)
        #expect(outcome?.calls == 0)
    }
}
