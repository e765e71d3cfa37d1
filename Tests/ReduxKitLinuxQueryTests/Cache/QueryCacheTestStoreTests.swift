import Foundation
import ReduxKitLinux
import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// A `TestStore` test is exhaustive over the cache's actions: each fetch's
/// pending and fulfilled, the subscribe and unsubscribe, the eviction.
@Suite("Query cache in a TestStore", .hangSafetyNet)
struct QueryCacheTestStoreTests {
    /// The date `testDependencies` give at the clock's start.
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    @Test func aSubscriptionItsFetchAndTheEvictionAreEachReceived() async {
        let clock = TestClock()
        let server = TodoServer()
        let dependencies = testDependencies(server: server, clock: clock)
        let test = TestStore(
            initialState: AppState(), reducer: TodoAPI.reducer,
            middleware: [
                thunkMiddleware(dependencies: dependencies), TodoAPI.cache.middleware(dependencies: dependencies),
            ])
        let key = TodoAPI.todo.key(1)
        // Dispatched to the store itself, for the typed subscription: its
        // actions are then received, each in turn.
        let subscription = test.store.dispatch(TodoAPI.todo.subscribe(1))
        await test.receive(QuerySubscribe<AppState>.self)
        await test.receive(TodoAPI.todo.fetch.pending) { pending, state in
            #expect(pending.argument.key == key)
            var entry = QueryEntry(key: key)
            entry.status = .pending
            entry.requestID = pending.requestID
            entry.startedAt = Self.start
            state.api[key] = entry
        }
        await test.receive(TodoAPI.todo.fetch.fulfilled) { fulfilled, state in
            #expect(fulfilled.value == Todo(id: 1, title: "milk"))
            state.api[key]?.status = .fulfilled
            state.api[key]?.data = QueryValue(Todo(id: 1, title: "milk"))
            state.api[key]?.serverData = QueryValue(Todo(id: 1, title: "milk"))
            state.api[key]?.fulfilledAt = Self.start
            state.api[key]?.providedTags = [QueryTag("Todo", id: 1)]
        }
        #expect(TodoAPI.todo.select(1)(test.state.api).data == Todo(id: 1, title: "milk"))
        subscription.unsubscribe()
        await test.receive(QueryUnsubscribe.self)
        await clock.advance(by: .seconds(5))
        await test.receive(QueryEntryRemoved.self) { removed, state in
            #expect(removed.key == key)
            state.api[key] = nil
        }
        #expect(test.state.api[key] == nil)
        await test.finish()
    }
}
