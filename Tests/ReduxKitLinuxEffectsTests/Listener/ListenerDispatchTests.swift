import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import Testing

/// Dispatching an `AddListener` answers the listener's subscription, typed,
/// wherever it is dispatched from (a store, a shared store, an observable
/// store, an effect's context), or `nil` with no listener middleware; the
/// subscription itself is not an action.
@Suite("Dispatching AddListener", .hangSafetyNet)
struct ListenerDispatchTests {
    typealias Search = ListenerTestSupport.Search

    @Test func aSharedStoreAnswersTheSubscription() async {
        let listeners = ListenerMiddleware<Int>()
        let seen = Recorder<String>()
        let store = ListenerTestSupport.store(listeners)
        let subscription = store.dispatch(AddListener<Int>(for: Search.self) { search, _ in seen.append(search.text) })
        #expect(subscription?.disposed == false)
        store.dispatch(Search(text: "a"))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["a"])
        subscription?.dispose()
        #expect(subscription?.disposed == true)
    }

    @Test @MainActor func aMainActorStoreAndItsObservableModelAnswerTheSubscription() {
        let listeners = ListenerMiddleware<Int>()
        let store = createStore(counterReducer, 0, applyMiddleware(listeners.middleware()))
        let fromStore = store.dispatch(AddListener<Int>(for: Search.self) { _, _ in })
        let model = ObservableStore(store)
        let fromModel = model.dispatch(AddListener<Int>(for: Search.self) { _, _ in })
        #expect(fromStore?.disposed == false)
        #expect(fromModel?.disposed == false)
        #expect(fromStore !== fromModel)
    }

    @Test func withoutAListenerMiddlewareTheAnswerIsNil() {
        let store = SharedStore(createStore(counterReducer, 0))
        #expect(store.dispatch(AddListener<Int>(for: Search.self) { _, _ in }) == nil)
        #expect(store.state == 0)
    }

    @Test func theUntypedDispatchAnswersAnActionNotTheSubscription() {
        let listeners = ListenerMiddleware<Int>()
        let store = ListenerTestSupport.store(listeners)
        let returned = store.dispatch(AddListener<Int>(for: Search.self) { _, _ in } as any Action)
        #expect(!(returned is AddListener<Int>))  // the middleware took it
        #expect((returned as? ListenerAdded)?.subscription.disposed == false)
    }

    @Test func anEffectAddsAListenerThroughItsContext() async {
        let listeners = ListenerMiddleware<Int>()
        let added = Recorder<Bool>()
        let seen = Recorder<String>()
        listeners.addListener(for: Increment.self) { _, context in
            let subscription = await context.dispatch(
                AddListener<Int>(for: Search.self) { search, _ in seen.append(search.text) })
            added.append(subscription?.disposed == false)
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Increment())
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(added.values == [true])
        store.dispatch(Search(text: "b"))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["b"])
    }

    @Test func anAsyncThunkAddsAListenerThroughItsContext() async throws {
        let listeners = ListenerMiddleware<Int>()
        let seen = Recorder<String>()
        let watch = AsyncThunk<Int, Void, Bool>("dispatch/watch") { _, context in
            let subscription = await context.dispatch(
                AddListener<Int>(for: Search.self) { search, _ in seen.append(search.text) })
            return subscription?.disposed == false
        }
        let store = ListenerTestSupport.store(listeners)
        #expect(try await store.dispatch(watch()).value)
        store.dispatch(Search(text: "c"))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["c"])
    }
}
