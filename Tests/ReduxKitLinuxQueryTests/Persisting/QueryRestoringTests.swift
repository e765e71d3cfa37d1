import Foundation
import ReduxKitLinux
import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// A persisted cache restored into a new store: its entries read typed, fresh
/// ones are not fetched again, old ones are when asked by age, and unused ones
/// are evicted after their keep time, also when their endpoint is made after
/// the state was read.
@Suite("Query cache restoring", .hangSafetyNet)
struct QueryRestoringTests {
    /// The state of a run that fetched the todo 1 at `testDate(0)`, as the next launch reads it.
    @MainActor
    private func persistedState() async throws -> AppState {
        let store = makeStore(server: TodoServer(), clock: TestClock())
        let subscription = store.dispatch(TodoAPI.todo.subscribe(1))
        await waitUntil(store) { $0.api[TodoAPI.todo.key(1)]?.status == .fulfilled }
        subscription.unsubscribe()
        return try roundTrip(store.state)
    }

    /// A store of `cache` (reducer and middleware) starting from `state`.
    @MainActor
    private func restoringStore(
        _ cache: QueryCache<AppState>, state: AppState, server: TodoServer, clock: TestClock
    ) -> Store<AppState> {
        let dependencies = testDependencies(server: server, clock: clock)
        return createStore(
            { state, action in cache.reduce(&state.api, action) }, state,
            applyMiddleware(thunkMiddleware(dependencies: dependencies), cache.middleware(dependencies: dependencies)))
    }

    @Test @MainActor func aRestoredEntryReadsTypedThroughItsEndpoint() async throws {
        let state = try await persistedState()
        let store = restoringStore(TodoAPI.cache, state: state, server: TodoServer(), clock: TestClock())
        store.dispatch(TodoAPI.cache.focused)  // any action: the reducer restores at the first
        let result = TodoAPI.todo.select(1)(store.state.api)
        #expect(result.status == .fulfilled)
        #expect(result.data == Todo(id: 1, title: "milk"))
        #expect(result.fulfilledAt == testDate(0))
        #expect(store.state.api[TodoAPI.todo.key(1)]?.providedTags == [QueryTag("Todo", id: 1)])
    }

    @Test @MainActor func subscribingToAFreshRestoredEntryDoesNotFetch() async throws {
        let state = try await persistedState()
        let server = TodoServer()
        let store = restoringStore(TodoAPI.cache, state: state, server: server, clock: TestClock())
        let subscription = store.dispatch(TodoAPI.todo.subscribe(1))
        #expect(store.state.api[TodoAPI.todo.key(1)]?.status == .fulfilled)
        #expect(TodoAPI.todo.select(1)(store.state.api).data == Todo(id: 1, title: "milk"))
        #expect(server.todoCalls.count == 0)
        subscription.unsubscribe()
    }

    @Test @MainActor func anOldRestoredEntryIsFetchedAgainWhenAskedByAge() async throws {
        let state = try await persistedState()
        let server = TodoServer()
        let clock = TestClock()
        await clock.advance(by: .seconds(60))  // the next launch, a minute later
        let store = restoringStore(TodoAPI.cache, state: state, server: server, clock: clock)
        let young = store.dispatch(TodoAPI.todo.subscribe(1, refetchIfOlderThan: .seconds(120)))
        #expect(server.todoCalls.count == 0)
        let old = store.dispatch(TodoAPI.todo.subscribe(1, refetchIfOlderThan: .seconds(30)))
        await waitUntil(store) { $0.api[TodoAPI.todo.key(1)]?.fulfilledAt == testDate(60) }
        #expect(server.todoCalls.count == 1)
        young.unsubscribe()
        old.unsubscribe()
    }

    @Test @MainActor func anUnusedRestoredEntryIsEvictedAtItsKeepTime() async throws {
        let state = try await persistedState()
        let clock = TestClock()
        let store = restoringStore(TodoAPI.cache, state: state, server: TodoServer(), clock: clock)
        store.dispatch(TodoAPI.cache.focused)
        await expectEvicted(atKeepTime: .seconds(5), on: clock) { store.state.api[TodoAPI.todo.key(1)] }
    }

    @Test @MainActor func anEndpointMadeAfterTheStateWasReadRestoresItsEntries() async throws {
        let state = try await persistedState()
        let server = TodoServer()
        let clock = TestClock()
        let cache = QueryCache<AppState>("api", state: \.api)
        let store = restoringStore(cache, state: state, server: server, clock: clock)
        store.dispatch(cache.focused)
        // No endpoint "todo" yet: the entry waits, and is still written.
        #expect(store.state.api.entries.isEmpty)
        #expect(try encodedEntries(store.state.api).count == 1)
        let todo = cache.query("todo", keepUnusedDataFor: .seconds(5)) { (id: Int, context) in
            try await context.dependencies.server.todo(id)
        }
        store.dispatch(cache.focused)
        #expect(todo.select(1)(store.state.api).data == Todo(id: 1, title: "milk"))
        #expect(server.todoCalls.count == 0)
        await expectEvicted(atKeepTime: .seconds(5), on: clock) { store.state.api[todo.key(1)] }
    }
}
