// The tests of FetchingAndCachingServerData.md, word for word between the
// markers (Docs/check-recipes.py checks it): they run the app of
// TodoListRecipe.swift in a TestStore, on a TestClock.

// BEGIN RECIPE query-todo-tests
import Foundation
import ReduxKitLinuxQuery
import ReduxKitLinuxTesting
import Testing

/// A server in memory: answers with its todos, fails every fetch while
/// offline, and refuses to toggle the todos in `refusing`.
actor FakeTodoClient: TodoClient {
    struct Offline: LocalizedError {
        var errorDescription: String? { "the server cannot be reached" }
    }
    struct Refused: Error {}

    var items: [TodoItem]
    let offline: Bool
    let refusing: Set<Int>

    init(_ items: [TodoItem], offline: Bool = false, refusing: Set<Int> = []) {
        self.items = items
        self.offline = offline
        self.refusing = refusing
    }

    func fetchTodos() async throws -> [TodoItem] {
        if offline { throw Offline() }
        return items
    }

    func addTodo(_ title: String) async throws -> TodoItem {
        let todo = TodoItem(id: items.count + 1, title: title)
        items.append(todo)
        return todo
    }

    func toggleTodo(_ id: Int) async throws -> TodoItem {
        guard !refusing.contains(id), let index = items.firstIndex(where: { $0.id == id }) else { throw Refused() }
        items[index].done.toggle()
        return items[index]
    }
}

@Suite struct TodoListTests {
    static let milk = TodoItem(id: 1, title: "milk")
    /// The date the entries' times are read from: no test reads the wall clock.
    static let now = Date(timeIntervalSince1970: 1_767_225_600)
    let key = todos.key(NoArgument())

    /// A test store with `client` as the server and `clock` as the effects' clock.
    func testStore(_ client: FakeTodoClient, clock: TestClock = TestClock()) -> TestStore<TodoApp> {
        var dependencies = EffectDependencies.test()
        dependencies.todoClient = client
        dependencies.clock = clock
        dependencies.date = { Self.now }
        return TestStore(
            initialState: TodoApp(), reducer: todoAppReducer,
            middleware: [thunkMiddleware(dependencies: dependencies), api.middleware(dependencies: dependencies)])
    }

    /// Subscribes to the list and receives its first fetch, [milk].
    func loadList(_ test: TestStore<TodoApp>) async -> QuerySubscription {
        let subscription = test.store.dispatch(todos.subscribe())
        await test.receive(QuerySubscribe<TodoApp>.self)
        await test.receive(todos.fetch.pending) { pending, state in
            var entry = QueryEntry(key: key)
            entry.status = .pending
            entry.requestID = pending.requestID
            entry.startedAt = Self.now
            state.api[key] = entry
        }
        await test.receive(todos.fetch.fulfilled) { state in
            state.api[key]?.status = .fulfilled
            state.api[key]?.data = QueryValue([Self.milk])
            state.api[key]?.serverData = QueryValue([Self.milk])
            state.api[key]?.fulfilledAt = Self.now
            state.api[key]?.providedTags = [QueryTag("Todo", id: "LIST"), QueryTag("Todo", id: 1)]
        }
        return subscription
    }

    @Test func theListLoadsAndAnUnusedListIsEvictedAtItsKeepTime() async {
        let clock = TestClock()
        let test = testStore(FakeTodoClient([Self.milk]), clock: clock)
        let subscription = await loadList(test)
        #expect(todoScreen(test.state) == "[ ] milk")
        subscription.unsubscribe()  // the screen goes: the list is kept 60 s
        await test.receive(QueryUnsubscribe.self)
        await clock.advance(by: .seconds(60) - .nanoseconds(1))
        #expect(test.state.api[key] != nil)
        await clock.advance(by: .nanoseconds(1))
        await test.receive(QueryEntryRemoved.self) { $0.api[key] = nil }
        await test.finish()
    }

    @Test func aListTheServerNeverSendsShowsTheErrorAfterThreeRetries() async {
        let clock = TestClock()
        let test = testStore(FakeTodoClient([], offline: true), clock: clock)
        _ = test.store.dispatch(todos.subscribe())
        await test.receive(QuerySubscribe<TodoApp>.self)
        await test.receive(todos.fetch.pending) { pending, state in
            var entry = QueryEntry(key: key)
            entry.status = .pending
            entry.requestID = pending.requestID
            entry.startedAt = Self.now
            state.api[key] = entry
        }
        await clock.waitForSleepers()  // the first failure's wait, 1 s, is on the clock
        await clock.advance(by: .seconds(1 + 2 + 4) - .nanoseconds(1))
        #expect(todoScreen(test.state) == "Loading…")
        await clock.advance(by: .nanoseconds(1))
        await test.receive(todos.fetch.rejected) { rejected, state in
            state.api[key]?.status = .rejected
            state.api[key]?.error = rejected.serializedError
            state.api[key]?.providedTags = [QueryTag("Todo", id: "LIST")]
        }
        #expect(todoScreen(test.state) == "Could not load the todos: the server cannot be reached")
        await test.finish()
    }

    @Test func addingATodoFetchesTheListAgain() async {
        let test = testStore(FakeTodoClient([Self.milk]))
        _ = await loadList(test)
        test.dispatch(addTodo("bread"))
        await test.receive(addTodo.pending)
        await test.receive(addTodo.fulfilled) { $0.api[key]?.isInvalidated = true }
        await test.receive(todos.fetch.pending) { pending, state in
            state.api[key]?.status = .pending
            state.api[key]?.requestID = pending.requestID
            state.api[key]?.isInvalidated = false
        }
        await test.receive(todos.fetch.fulfilled) { state in
            let items = [Self.milk, TodoItem(id: 2, title: "bread")]
            state.api[key]?.status = .fulfilled
            state.api[key]?.data = QueryValue(items)
            state.api[key]?.serverData = QueryValue(items)
            state.api[key]?.providedTags = [
                QueryTag("Todo", id: "LIST"), QueryTag("Todo", id: 1), QueryTag("Todo", id: 2),
            ]
        }
        #expect(todoScreen(test.state) == "[ ] milk\n[ ] bread")
        await test.finish()
    }

    @Test func aToggleTheServerRefusesIsShownAtOnceThenTakenBack() async {
        let test = testStore(FakeTodoClient([Self.milk], refusing: [1]))
        _ = await loadList(test)
        test.dispatch(toggleTodo(1))
        // A patch layer has no initializer of its own: for this one step,
        // check what the screen shows, the entry's data, and nothing else.
        test.exhaustivity = .off
        await test.receive(toggleTodo.pending) {
            $0.api[key]?.data = QueryValue([TodoItem(id: 1, title: "milk", done: true)])
        }
        test.exhaustivity = .on
        await test.receive(toggleTodo.rejected) { state in
            state.api[key]?.layers = []
            state.api[key]?.data = QueryValue([Self.milk])
        }
        #expect(todoScreen(test.state) == "[ ] milk")
        await test.finish()
    }
}
// END RECIPE query-todo-tests
