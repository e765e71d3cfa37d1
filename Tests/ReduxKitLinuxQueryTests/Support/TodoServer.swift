import Foundation
import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting

/// A todo in the fake server.
struct Todo: Equatable, Sendable, Identifiable, Codable {
    let id: Int
    var title: String
}

/// The app state of the query tests: the cache and nothing else.
struct AppState: Equatable, Sendable, Codable {
    var api = QueryCacheState()
}

/// A fake server: counts the calls, answers with its current todos, and can
/// hold answers back until a gate opens, or fail.
final class TodoServer: Sendable {
    private let todos = Locked<[Todo]>([Todo(id: 1, title: "milk")])
    private let gates = Locked<[AsyncGate]>([])
    private let failures = Locked<Int>(0)
    /// How many fetches of the list began.
    let listCalls = Counter()
    /// Each fetch of the list as it begins (its number), to wait for the next one.
    let listCallsBegun = Recorder<Int>()
    /// How many fetches of one todo began.
    let todoCalls = Counter()

    struct Offline: Error {}

    /// Holds the next answer back until the returned gate opens.
    func holdNextAnswer() -> AsyncGate {
        let gate = AsyncGate()
        gates.withLock { $0.append(gate) }
        return gate
    }

    /// Makes the next `count` fetches fail.
    func failNext(_ count: Int) { failures.withLock { $0 = count } }

    func list() async throws -> [Todo] {
        listCalls.increment()
        listCallsBegun.append(listCalls.count)
        let snapshot = todos.withLock { $0 }
        let gate = gates.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        if let gate { await gate.wait() }
        if failures.withLock({ failing in
            defer { failing = max(0, failing - 1) }
            return failing > 0
        }) {
            throw Offline()
        }
        return snapshot
    }

    func todo(_ id: Int) async throws -> Todo? {
        todoCalls.increment()
        return todos.withLock { $0.first { $0.id == id } }
    }

    /// Adds a todo after `gate` opens, or fails then if `fails`.
    func add(_ title: String, after gate: AsyncGate, fails: Bool) async throws -> Todo {
        await gate.wait()
        if fails { throw Offline() }
        return add(title)
    }

    func add(_ title: String) -> Todo {
        todos.withLock { todos in
            let todo = Todo(id: todos.count + 1, title: title)
            todos.append(todo)
            return todo
        }
    }
}

enum TodoServerKey: EffectDependencyKey {
    static let defaultValue = TodoServer()
}

extension EffectDependencies {
    var server: TodoServer {
        get { self[TodoServerKey.self] }
        set { self[TodoServerKey.self] = newValue }
    }
}

/// The cache and its endpoints, as an app declares them.
enum TodoAPI {
    static let cache = QueryCache<AppState>("api", state: \.api)
    static let list = cache.query("todos", providesTags: { _, _ in [QueryTag("Todo")] }) {
        (_: NoArgument, context) in try await context.dependencies.server.list()
    }
    static let todo = cache.query(
        "todo", keepUnusedDataFor: .seconds(5), providesTags: { _, id in [QueryTag("Todo", id: id)] }
    ) { (id: Int, context) in try await context.dependencies.server.todo(id) }
    static let add = cache.mutation("addTodo", invalidatesTags: { _, _ in [QueryTag("Todo")] }) {
        (title: String, context) in context.dependencies.server.add(title)
    }
    /// What `addOptimistically` is asked: the title, the gate its answer
    /// waits for, and whether it fails.
    struct Addition: Sendable {
        let title: String
        let gate: AsyncGate
        var fails = false
    }

    /// Shows the new todo at once (id 0 until the server answers), and
    /// invalidates the list once it settles.
    static let addOptimistically = cache.mutation(
        "addOptimistically",
        optimisticUpdates: { (addition: Addition) in
            [list.patch(NoArgument()) { $0.append(Todo(id: 0, title: addition.title)) }]
        },
        invalidatesTags: { _, _ in [QueryTag("Todo")] }
    ) { addition, context in
        try await context.dependencies.server.add(addition.title, after: addition.gate, fails: addition.fails)
    }

    /// Writes the server's answer into the list (a pessimistic update), invalidating nothing.
    static let addPessimistically = cache.mutation(
        "addPessimistically",
        updatesOnSuccess: { (_: String, todo: Todo) in [list.patch(NoArgument()) { $0.append(todo) }] }
    ) { title, context in context.dependencies.server.add(title) }

    /// Invalidates one todo's tag.
    static let touch = cache.mutation("touchTodo", invalidatesTags: { _, id in [QueryTag("Todo", id: id)] }) {
        (_: Int, _) in ()
    }
    /// The list, retried up to 3 times after 1, 2 and 4 seconds, cancelled when unused.
    static let retriedList = cache.query("retriedList", retry: .exponential(maxRetries: 3, base: .seconds(1))) {
        (_: NoArgument, context) in try await context.dependencies.server.list()
    }

    /// Invalidates every todo tag, changing nothing on the server.
    static let refresh = cache.mutation("refresh", invalidatesTags: { _, _ in [QueryTag("Todo")] }) {
        (_: NoArgument, _) in ()
    }
    /// Invalidates a tag no endpoint provides.
    static let renameUser = cache.mutation("renameUser", invalidatesTags: { _, _ in [QueryTag("User")] }) {
        (_: String, _) in ()
    }

    static func reducer(_ state: inout AppState, _ action: any Action) {
        cache.reduce(&state.api, action)
    }
}

/// The date `testDependencies` give when the clock is `seconds` past its start.
func testDate(_ seconds: Int) -> Date { Date(timeIntervalSince1970: 1_767_225_600 + Double(seconds)) }

/// Dependencies with `server`, a test clock, and dates that follow the clock
/// (whole seconds since 2026-01-01).
func testDependencies(
    server: TodoServer, clock: TestClock, chat: ChatServer = ChatServer(), feed: FeedServer = FeedServer()
) -> EffectDependencies {
    var dependencies = EffectDependencies()
    dependencies.server = server
    dependencies.chat = chat
    dependencies.feed = feed
    dependencies.clock = clock
    dependencies.date = { Date(timeIntervalSince1970: 1_767_225_600 + Double(clock.now.offset.components.seconds)) }
    return dependencies
}

/// A store with the cache's middleware, made in whatever domain calls this
/// (a main-actor test's, a request handler's).
func makeStore(
    server: TodoServer, clock: TestClock, chat: ChatServer = ChatServer(), feed: FeedServer = FeedServer()
) -> Store<AppState> {
    let dependencies = testDependencies(server: server, clock: clock, chat: chat, feed: feed)
    return createStore(
        TodoAPI.reducer, AppState(),
        applyMiddleware(
            thunkMiddleware(dependencies: dependencies), TodoAPI.cache.middleware(dependencies: dependencies)))
}

/// A `SharedStore` holding such a store.
func makeSharedStore(
    server: TodoServer, clock: TestClock, chat: ChatServer = ChatServer(), feed: FeedServer = FeedServer()
) -> SharedStore<AppState> {
    SharedStore(makeStore(server: server, clock: clock, chat: chat, feed: feed))
}
