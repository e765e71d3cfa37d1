import ReduxKitLinux
import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// Memoized selectors of an entry and of the entries tags reach.
@Suite("Query cache selectors", .hangSafetyNet)
struct QuerySelectorsTests {
    @Test @MainActor func anEntrysSelectorIsMadeAgainOnlyWhenItsEntryChanges() async {
        let server = TodoServer()
        let store = makeStore(server: server, clock: TestClock())
        let first = store.dispatch(TodoAPI.todo.subscribe(1))
        await waitUntil(store) { $0.api[TodoAPI.todo.key(1)]?.status == .fulfilled }
        let todo = TodoAPI.todo.selector(1)
        #expect(todo(store.state.api).data == Todo(id: 1, title: "milk"))
        #expect(todo.recomputations == 1)
        let second = store.dispatch(TodoAPI.todo.subscribe(2))  // another entry changes
        await waitUntil(store) { $0.api[TodoAPI.todo.key(2)]?.status == .fulfilled }
        #expect(todo(store.state.api).data == Todo(id: 1, title: "milk"))
        #expect(todo.recomputations == 1)
        store.dispatch(TodoAPI.cache.update([TodoAPI.todo.patch(1) { $0?.title = "oat milk" }]))
        #expect(todo(store.state.api).data == Todo(id: 1, title: "oat milk"))
        #expect(todo.recomputations == 2)
        first.unsubscribe()
        second.unsubscribe()
    }

    @Test @MainActor func theEntriesTagsReachAreThoseInvalidationWouldFetch() async {
        let server = TodoServer()
        _ = server.add("bread")
        let store = makeStore(server: server, clock: TestClock())
        let subscriptions = [
            store.dispatch(TodoAPI.list.subscribe()), store.dispatch(TodoAPI.todo.subscribe(1)),
            store.dispatch(TodoAPI.todo.subscribe(2)),
        ]
        await waitUntil(store) { $0.api.entries.all.allSatisfy { $0.status == .fulfilled } }
        let one = TodoAPI.cache.entries(invalidatedBy: [QueryTag("Todo", id: 1)])
        let all = TodoAPI.cache.entries(invalidatedBy: [QueryTag("Todo")])
        #expect(one(store.state.api) == [TodoAPI.todo.key(1)])
        #expect(all(store.state.api) == [TodoAPI.list.key(NoArgument()), TodoAPI.todo.key(1), TodoAPI.todo.key(2)])
        #expect(TodoAPI.cache.entries(invalidatedBy: [QueryTag("User")])(store.state.api).isEmpty)
        store.dispatch(TodoAPI.cache.update([TodoAPI.todo.patch(1) { $0?.title = "oat milk" }]))  // no tag changes
        _ = one(store.state.api)
        #expect(one.recomputations == 1)
        for subscription in subscriptions { subscription.unsubscribe() }
    }

    @Test func aResultReadsOneEntryTyped() {
        var entry = QueryEntry(key: TodoAPI.todo.key(1))
        entry.status = .fulfilled
        entry.data = QueryValue(Todo(id: 1, title: "milk"))
        #expect(QueryResult<Todo>(entry).data == Todo(id: 1, title: "milk"))
        #expect(QueryResult<String>(entry).data == nil)
        #expect(QueryResult<Todo>(nil).isUninitialized)
    }
}
