import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Testing

@Suite("createStore")
struct CreateStoreTests {
    @Test func withoutAStateTheReducerSuppliesItExactlyOnce() {
        let calls = Recorder<(Int?, String)>()
        let store = createStore(
            { (state: Int?, action: any Action) -> Int in
                calls.append((state, action.type))
                return counterReducer(state, action)
            }, nil)
        #expect(store.getState() == 0)
        #expect(calls.count == 1)
        #expect(calls.values.first?.0 == nil)
        #expect(calls.values.first?.1 == "DefaultAction")
    }

    @Test func withAStateTheStoreStartsFromItWithoutCallingTheReducer() {
        let calls = Recorder<String>()
        let store = createStore(
            { (state: Int?, action: any Action) -> Int in
                calls.append(action.type)
                return counterReducer(state, action)
            }, 41)
        #expect(store.state == 41)
        #expect(calls.count == 0)
        store.dispatch(Increment())
        #expect(store.state == 42)
        #expect(calls.values == ["Increment"])
    }

    @Test func theStateArgumentDefaultsToNil() {
        let store = createStore(counterReducer)
        #expect(store.getState() == 0)
    }

    @Test func dispatchAppliesTheReducerAndReturnsTheAction() {
        let store = createStore(counterReducer, nil)
        let returned = store.dispatch(Increment(by: 5))
        #expect((returned as? Increment)?.by == 5)
        #expect(store.getState() == 5)
        store.dispatch(Decrement(by: 2))
        #expect(store.state == 3)
        store.dispatch(Noop())
        #expect(store.state == 3)
    }

    @Test func anEnhancerReceivesTheCreatorReducerAndState() {
        let seen = Recorder<Int?>()
        let enhancer: StoreEnhancer<Int> = { next in
            { reducer, state in
                seen.append(state)
                return next(reducer, state.map { $0 * 10 })
            }
        }
        let store = createStore(counterReducer, 4, enhancer)
        #expect(seen.values == [4])
        #expect(store.getState() == 40)
        store.dispatch(Increment())
        #expect(store.getState() == 41)
    }

    @Test func anEnhancedStoreIsWhatTheEnhancerReturns() {
        let dispatched = Recorder<String>()
        let enhancer: StoreEnhancer<Int> = { next in
            { reducer, state in
                let store = next(reducer, state)
                return Store(
                    store,
                    dispatch: { action in
                        dispatched.append(action.type)
                        return store.dispatch(action)
                    })
            }
        }
        let store = createStore(counterReducer, nil, enhancer)
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(dispatched.values == ["Increment", "Increment"])
        #expect(store.getState() == 2)
    }

    /// A store lives in one domain; handed to a `SharedStore`, it can go to any thread.
    @Test func sharedStoresAreSendableWhenTheirStateIs() {
        func requireSendable<T: Sendable>(_: T.Type) -> Bool { true }
        #expect(requireSendable(SharedStore<Int>.self))
    }
}

@Suite("createStore as a StoreCreator")
struct CreateStoreAsCreatorTests {
    @Test func theTwoArgumentFormIsTheStoreCreatorEnhancersReceive() {
        let creator: StoreCreator<Int> = createStore
        let store = creator(counterReducer, 3)
        store.dispatch(Increment())
        #expect(store.getState() == 4)
    }

    @Test func anEnhancerCanBeAppliedToCreateStoreByName() {
        let doubleStart: StoreEnhancer<Int> = { next in { reducer, state in next(reducer, (state ?? 0) * 2) } }
        let store = doubleStart(createStore)(counterReducer, 5)
        #expect(store.getState() == 10)
    }
}
