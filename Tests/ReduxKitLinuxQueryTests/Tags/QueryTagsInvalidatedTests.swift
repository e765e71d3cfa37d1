import ReduxKitLinux
import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// Tags invalidated by hand (`api.invalidateTags`), as a mutation would.
@Suite("Query tags invalidated by hand", .hangSafetyNet)
@MainActor
struct QueryTagsInvalidatedTests {
    let listKey = TodoAPI.list.key(NoArgument())

    @Test func aSubscribedEntryIsFetchedAgainAndAnUnusedOneWaitsForItsNextSubscribe() async {
        let server = TodoServer()
        let store = makeStore(server: server, clock: TestClock())
        let list = store.dispatch(TodoAPI.list.subscribe())
        store.dispatch(TodoAPI.todo.subscribe(1)).unsubscribe()  // kept, unused
        await waitUntil(store) {
            $0.api[TodoAPI.todo.key(1)]?.status == .fulfilled && $0.api[listKey]?.status == .fulfilled
        }
        _ = server.add("bread")  // changed on the server, by no mutation of the cache
        let action = TodoAPI.cache.invalidateTags([QueryTag("Todo")])
        #expect(action.type == "api/invalidateTags")
        store.dispatch(action)
        #expect(store.state.api[listKey]?.status == .pending)  // fetching again, in the dispatch
        #expect(store.state.api[TodoAPI.todo.key(1)]?.isInvalidated == true)
        await waitUntil(store) { $0.api[listKey]?.status == .fulfilled }
        #expect(TodoAPI.list.select()(store.state.api).data?.map(\.title) == ["milk", "bread"])
        #expect(server.listCalls.count == 2)
        #expect(server.todoCalls.count == 1)
        list.unsubscribe()
    }

    @Test func anInvalidationDuringTheFirstFetchGivesOneMoreFetch() async {
        let server = TodoServer()
        let gate = server.holdNextAnswer()
        let store = makeStore(server: server, clock: TestClock())
        let list = store.dispatch(TodoAPI.list.subscribe())
        _ = server.add("bread")
        store.dispatch(TodoAPI.cache.invalidateTags([QueryTag("Todo")]))
        store.dispatch(TodoAPI.cache.invalidateTags([QueryTag("Todo")]))
        gate.open()
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(server.listCalls.count == 2)
        #expect(TodoAPI.list.select()(store.state.api).data?.map(\.title) == ["milk", "bread"])
        list.unsubscribe()
    }

    @Test func anotherCachesInvalidationChangesNothing() async {
        let server = TodoServer()
        let store = makeStore(server: server, clock: TestClock())
        let list = store.dispatch(TodoAPI.list.subscribe())
        await waitUntil(store) { $0.api[listKey]?.status == .fulfilled }
        let before = store.state.api
        store.dispatch(QueryCache<AppState>("other", state: \.api).invalidateTags([QueryTag("Todo")]))
        #expect(store.state.api == before)
        #expect(server.listCalls.count == 1)
        list.unsubscribe()
    }
}
