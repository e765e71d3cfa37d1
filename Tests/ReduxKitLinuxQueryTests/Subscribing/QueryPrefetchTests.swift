import Foundation
import ReduxKitLinux
import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// Entries no one subscribed to: prefetched, or made by an upsert. Each is
/// kept for its endpoint's keep time, then evicted, unless a subscription
/// comes first.
@Suite("Query cache prefetch and upserted entries", .hangSafetyNet)
struct QueryPrefetchTests {
    @Test @MainActor func aPrefetchedEntryIsKeptForItsKeepTimeThenEvicted() async {
        let server = TodoServer()
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let key = TodoAPI.todo.key(1)
        store.dispatch(TodoAPI.todo.prefetch(1))
        await waitUntil(store) { $0.api[key]?.status == .fulfilled }
        #expect(server.todoCalls.count == 1)
        await expectEvicted(atKeepTime: .seconds(5), on: clock) { store.state.api[key] }
    }

    @Test @MainActor func aSubscriptionWithinTheKeepTimeUsesThePrefetchedDataAndKeepsIt() async {
        let server = TodoServer()
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let key = TodoAPI.todo.key(1)
        store.dispatch(TodoAPI.todo.prefetch(1))
        await waitUntil(store) { $0.api[key]?.status == .fulfilled }
        await clock.advance(by: .seconds(3))
        let subscription = store.dispatch(TodoAPI.todo.subscribe(1))
        await clock.advance(by: .seconds(10))
        #expect(store.state.api[key]?.data == QueryValue(Todo(id: 1, title: "milk")))
        #expect(server.todoCalls.count == 1)
        subscription.unsubscribe()
        await clock.advance(by: .seconds(5))
        #expect(store.state.api[key] == nil)
    }

    @Test @MainActor func aPrefetchOfFreshDataFetchesOnlyIfAskedToByAge() async {
        let server = TodoServer()
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let key = TodoAPI.todo.key(1)
        let subscription = store.dispatch(TodoAPI.todo.subscribe(1))
        await waitUntil(store) { $0.api[key]?.status == .fulfilled }
        store.dispatch(TodoAPI.todo.prefetch(1))
        store.dispatch(TodoAPI.todo.prefetch(1, ifOlderThan: .seconds(30)))
        #expect(server.todoCalls.count == 1)
        await clock.advance(by: .seconds(30))
        store.dispatch(TodoAPI.todo.prefetch(1, ifOlderThan: .seconds(30)))
        await waitUntil(store) { $0.api[key]?.status == .fulfilled }
        #expect(server.todoCalls.count == 2)
        // Subscribed: no eviction timer ran.
        await clock.advance(by: .seconds(60))
        #expect(store.state.api[key] != nil)
        subscription.unsubscribe()
    }

    /// A retrying endpoint cancels its request when its last subscription
    /// leaves; a prefetch is no subscription, so its request goes on.
    @Test @MainActor func aPrefetchOfARetryingEndpointIsNotCancelled() async {
        let server = TodoServer()
        server.failNext(1)
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let key = TodoAPI.retriedList.key(NoArgument())
        store.dispatch(TodoAPI.retriedList.prefetch())
        _ = await server.listCallsBegun.wait(forCount: 1)
        await clock.advance(by: .seconds(1))  // the first retry
        await waitUntil(store) { $0.api[key]?.status == .fulfilled }
        #expect(server.listCalls.count == 2)
    }

    @Test @MainActor func anUpsertMakesAnEntryKeptForItsKeepTime() async {
        let clock = TestClock()
        let store = makeStore(server: TodoServer(), clock: clock)
        let key = TodoAPI.todo.key(3)
        store.dispatch(TodoAPI.cache.update([TodoAPI.todo.upsert(3, Todo(id: 3, title: "tea"))]))
        #expect(store.state.api[key]?.status == .fulfilled)
        #expect(store.state.api[key]?.data == QueryValue(Todo(id: 3, title: "tea")))
        #expect(store.state.api[key]?.fulfilledAt == testDate(0))
        await expectEvicted(atKeepTime: .seconds(5), on: clock) { store.state.api[key] }
    }

    @Test func aSharedStoreEvictsAPrefetchedEntryAtItsKeepTime() async {
        let clock = TestClock()
        let store = makeSharedStore(server: TodoServer(), clock: clock)
        let key = TodoAPI.todo.key(1)
        store.dispatch(TodoAPI.todo.prefetch(1))
        await waitUntil(store) { $0.api[key]?.status == .fulfilled }
        await expectEvicted(atKeepTime: .seconds(5), on: clock) { store.state.api[key] }
    }

    @Test func aTestStoreReceivesThePrefetchItsFetchAndTheEviction() async {
        let clock = TestClock()
        let dependencies = testDependencies(server: TodoServer(), clock: clock)
        let test = TestStore(
            initialState: AppState(), reducer: TodoAPI.reducer,
            middleware: [
                thunkMiddleware(dependencies: dependencies), TodoAPI.cache.middleware(dependencies: dependencies),
            ])
        let key = TodoAPI.todo.key(1)
        test.dispatch(TodoAPI.todo.prefetch(1))
        await test.receive(TodoAPI.todo.fetch.pending) { pending, state in
            var entry = QueryEntry(key: key)
            entry.status = .pending
            entry.requestID = pending.requestID
            entry.startedAt = testDate(0)
            state.api[key] = entry
        }
        await test.receive(TodoAPI.todo.fetch.fulfilled) { _, state in
            state.api[key]?.status = .fulfilled
            state.api[key]?.data = QueryValue(Todo(id: 1, title: "milk"))
            state.api[key]?.serverData = QueryValue(Todo(id: 1, title: "milk"))
            state.api[key]?.fulfilledAt = testDate(0)
            state.api[key]?.providedTags = [QueryTag("Todo", id: 1)]
        }
        // The body answers at once here, inside the prefetch's dispatch; then the timer starts.
        await test.receive(QueryEntryUnused.self) { unused, _ in #expect(unused.key == key) }
        await clock.advance(by: .seconds(5))
        await test.receive(QueryEntryRemoved.self) { _, state in state.api[key] = nil }
        await test.finish()
    }
}
