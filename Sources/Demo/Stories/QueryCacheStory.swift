import ReduxKitLinuxQuery

/// A query cache (the "Fetching and caching server data" article): a todo
/// list loaded through a fake API client in the effects' dependencies. Two
/// subscriptions share one fetch; a mutation invalidates the list, which is
/// fetched again; a toggle the server refuses is shown at once, then taken
/// back; once unused, the list is evicted after its keep time. The clock is
/// the real one, with waits of milliseconds, and every wait ends when the
/// store's effects do, so each run prints the same.
enum QueryCacheStory {
    struct Todo: Equatable, Sendable {
        let id: Int
        var title: String
        var done = false
    }

    struct AppState: Equatable, Sendable {
        var api = QueryCacheState()
    }

    /// A server in memory, a few milliseconds away. It will not tick "call Ada".
    actor FakeServer {
        struct Refused: Error {}

        private(set) var fetches = 0
        private var todos = [Todo(id: 1, title: "milk")]

        func list() async throws -> [Todo] {
            fetches += 1
            try await Task.sleep(for: .milliseconds(5))
            return todos
        }

        func add(_ title: String) async throws -> Todo {
            try await Task.sleep(for: .milliseconds(5))
            let todo = Todo(id: todos.count + 1, title: title)
            todos.append(todo)
            return todo
        }

        func toggle(_ id: Int) async throws -> Todo {
            try await Task.sleep(for: .milliseconds(5))
            guard let index = todos.firstIndex(where: { $0.id == id }), todos[index].title != "call Ada" else {
                throw Refused()
            }
            todos[index].done.toggle()
            return todos[index]
        }
    }

    enum ServerKey: EffectDependencyKey {
        static let defaultValue = FakeServer()
    }

    static let api = QueryCache<AppState>("api", state: \.api)

    /// The list, kept 50 ms once unused (60 s by default; short, for the story).
    static let todos = api.query(
        "todos", keepUnusedDataFor: .milliseconds(50),
        providesTags: { _, _ in [QueryTag("Todo", id: "LIST")] }
    ) { (_: NoArgument, context) in try await context.dependencies[ServerKey.self].list() }

    static let addTodo = api.mutation("addTodo", invalidatesTags: { _, _ in [QueryTag("Todo", id: "LIST")] }) {
        (title: String, context) in try await context.dependencies[ServerKey.self].add(title)
    }

    /// Ticks a todo at once, as a layer over the server's list, taken back if the server refuses.
    static let toggleTodo = api.mutation(
        "toggleTodo",
        optimisticUpdates: { (id: Int) in
            [
                todos.patch(NoArgument()) { items in
                    if let index = items.firstIndex(where: { $0.id == id }) { items[index].done.toggle() }
                }
            ]
        }
    ) { id, context in try await context.dependencies[ServerKey.self].toggle(id) }

    static func reducer(_ state: inout AppState, _ action: any Action) {
        api.reduce(&state.api, action)
    }

    /// The list as a screen shows it, read from its entry.
    static func screen(_ state: AppState) -> String {
        let list = todos.select()(state.api)
        if list.isLoading { return "loading" }
        guard let items = list.data else { return list.error.map { "failed: \($0.name)" } ?? "nothing" }
        return items.map { "[\($0.done ? "x" : " ")] \($0.title)" }.joined(separator: ", ")
    }

    /// The types of the actions the reducer saw since the last call.
    final class ActionTypes {
        private var types: [String] = []

        var middleware: Middleware<AppState> {
            { _ in
                { next in
                    { action in
                        self.types.append(action.type)
                        return next(action)
                    }
                }
            }
        }

        func take() -> String {
            defer { types = [] }
            return types.joined(separator: ", ")
        }
    }

    @MainActor
    static func run() async {
        printStoryTitle("A query cache: one fetch shared, a refetch on invalidation, an optimistic update undone")
        let server = FakeServer()
        var dependencies = EffectDependencies()
        dependencies[ServerKey.self] = server
        let seen = ActionTypes()
        let store = createStore(
            reducer, AppState(),
            applyMiddleware(
                thunkMiddleware(dependencies: dependencies), api.middleware(dependencies: dependencies),
                seen.middleware))

        let first = store.dispatch(todos.subscribe())
        let second = store.dispatch(todos.subscribe())  // shares the entry and its fetch
        print("two screens subscribed: \(screen(store.state))")
        _ = await store.waitForEffects(timeout: .seconds(10))
        print("fetched: \(screen(store.state)) (the server was asked \(await server.fetches) time)")
        print("  actions: \(seen.take())")

        let added = try? await store.dispatch(addTodo("call Ada")).value
        _ = await store.waitForEffects(timeout: .seconds(10))
        print("added \(added?.title ?? "nothing"); the list was invalidated and fetched again: \(screen(store.state))")
        print("  (the server was asked \(await server.fetches) times)")
        print("  actions: \(seen.take())")

        let toggle = store.dispatch(toggleTodo(2))
        print("ticked at once, before the server answers: \(screen(store.state))")
        let refused = await toggle.result
        print("the server refused (\(refused.isFailure)), the tick taken back: \(screen(store.state))")
        print("  actions: \(seen.take())")

        first.unsubscribe()
        second.unsubscribe()
        let key = todos.key(NoArgument())
        print("both screens gone; the list is still cached: \(store.state.api[key] != nil)")
        _ = await store.waitForEffects(timeout: .seconds(10))  // the eviction timer runs out
        print("50 ms later, evicted: \(store.state.api[key] == nil)")
        print("  actions: \(seen.take())")
    }
}

extension Result {
    /// Whether it is a failure.
    fileprivate var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
