import Foundation
import ReduxKitLinux
import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// Subscribing, fetching and eviction in each store layout: a store a task
/// owns (a server's request handler), a `SharedStore`, an `ObservableStore`.
@Suite("Query cache in each store layout", .hangSafetyNet)
struct QueryStoreLayoutTests {
    /// A request handler: one cache per request, so no request sees another's data.
    nonisolated static func handleRequest(_ server: TodoServer) async -> [Todo]? {
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let subscription = store.dispatch(TodoAPI.list.subscribe())
        _ = await store.waitForEffects(timeout: .seconds(60), clock: TestClock())
        let todos = TodoAPI.list.select()(store.getState().api).data
        subscription.unsubscribe()
        return todos
    }

    @Test func aStoreATaskOwnsFetchesAndItsOwnerSeesTheAnswer() async {
        let server = TodoServer()
        #expect(await Self.handleRequest(server) == [Todo(id: 1, title: "milk")])
        #expect(server.listCalls.count == 1)
    }

    @Test func aStoreATaskOwnsEvictsAfterTheKeepTime() async {
        let server = TodoServer()
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let key = TodoAPI.todo.key(1)
        let subscription = store.dispatch(TodoAPI.todo.subscribe(1))
        #expect(await store.waitForEffects(timeout: .seconds(60), clock: TestClock()))
        #expect(store.getState().api[key]?.status == .fulfilled)
        subscription.unsubscribe()  // posted: the owner applies it at its next use
        #expect(store.getState().api[key] != nil)
        await clock.advance(by: .seconds(5))
        #expect(await store.waitForEffects(timeout: .seconds(60), clock: TestClock()))
        #expect(store.getState().api[key] == nil)
    }

    @Test func aSharedStoreEvictsAtTheKeepTime() async {
        let server = TodoServer()
        let clock = TestClock()
        let store = makeSharedStore(server: server, clock: clock)
        let key = TodoAPI.todo.key(1)
        let subscription = store.dispatch(TodoAPI.todo.subscribe(1))
        await waitUntil(store) { $0.api[key]?.status == .fulfilled }
        subscription.unsubscribe()
        await expectEvicted(atKeepTime: .seconds(5), on: clock) { store.state.api[key] }
    }

    @Test @MainActor func anObservableStoreShowsTheEntryAsItLoads() async {
        let server = TodoServer()
        let gate = server.holdNextAnswer()
        let store = makeStore(server: server, clock: TestClock())
        let observable = ObservableStore(store)
        let subscription = observable.dispatch(TodoAPI.list.subscribe())
        #expect(TodoAPI.list.select()(observable.state.api).isLoading)
        gate.open()
        await waitUntil(store) { $0.api[TodoAPI.list.key(NoArgument())]?.status == .fulfilled }
        #expect(TodoAPI.list.select()(observable.state.api).data == [Todo(id: 1, title: "milk")])
        subscription.unsubscribe()
    }

    @Test func subscribingWithoutTheCachesMiddlewareNamesTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let store = createStore(TodoAPI.reducer, AppState(), applyMiddleware(thunkMiddleware()))
            store.dispatch(TodoAPI.list.subscribe())
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ReduxKitLinux: Subscribing to the query cache 'api' needs its middleware"))
    }
}
