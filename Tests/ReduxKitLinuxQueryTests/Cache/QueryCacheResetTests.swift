import ReduxKitLinux
import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// Resetting a cache (`api.resetState()`, RTK Query's `resetApiState`): every
/// entry goes, nothing of before is shown after, subscriptions fetch again.
@Suite("Query cache reset", .hangSafetyNet)
struct QueryCacheResetTests {
    @Test @MainActor func subscribedEntriesAreFetchedAgainFromNothing() async {
        let server = TodoServer()
        let store = makeStore(server: server, clock: TestClock())
        let list = store.dispatch(TodoAPI.list.subscribe())
        store.dispatch(TodoAPI.todo.subscribe(1)).unsubscribe()  // kept, unused
        await waitUntil(store) {
            $0.api[TodoAPI.list.key(NoArgument())]?.status == .fulfilled
                && $0.api[TodoAPI.todo.key(1)]?.status == .fulfilled
        }
        _ = server.add("bread")
        let reset = TodoAPI.cache.resetState()
        #expect(reset.type == "api/resetState")
        store.dispatch(reset)
        #expect(store.state.api.entries.ids == [TodoAPI.list.key(NoArgument())])  // only the subscribed one, anew
        #expect(TodoAPI.list.select()(store.state.api).isLoading)  // no data of before the reset
        await waitUntil(store) { $0.api[TodoAPI.list.key(NoArgument())]?.status == .fulfilled }
        #expect(TodoAPI.list.select()(store.state.api).data?.map(\.title) == ["milk", "bread"])
        list.unsubscribe()
    }

    @Test @MainActor func theAnswerToARequestFromBeforeTheResetIsNeverShown() async {
        let server = TodoServer()
        let gate = server.holdNextAnswer()
        let store = makeStore(server: server, clock: TestClock())
        let list = store.dispatch(TodoAPI.list.subscribe())  // held: it read [milk]
        _ = await server.listCallsBegun.wait(forCount: 1)
        _ = server.add("bread")
        store.dispatch(TodoAPI.cache.resetState())  // cancels it, fetches again
        await waitUntil(store) { $0.api[TodoAPI.list.key(NoArgument())]?.status == .fulfilled }
        gate.open()
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(TodoAPI.list.select()(store.state.api).data?.map(\.title) == ["milk", "bread"])
        list.unsubscribe()
    }

    @Test func anUnusedEntrysEvictionTimerIsCancelled() async {
        let clock = TestClock()
        let dependencies = testDependencies(server: TodoServer(), clock: clock)
        let test = TestStore(
            initialState: AppState(), reducer: TodoAPI.reducer,
            middleware: [
                thunkMiddleware(dependencies: dependencies), TodoAPI.cache.middleware(dependencies: dependencies),
            ])
        test.exhaustivity = .off
        test.store.dispatch(TodoAPI.todo.subscribe(1)).unsubscribe()
        await test.receive(QueryUnsubscribe.self)
        test.exhaustivity = .on
        test.store.dispatch(TodoAPI.cache.resetState())
        await test.receive(QueryCacheReset.self) { $0.api = QueryCacheState() }
        await test.receive(CancelEffects.self)  // the entry's eviction timer
        await clock.advance(by: .seconds(5))  // its keep time: no removal comes
        await test.finish()
    }
}
