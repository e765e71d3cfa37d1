// The todo app of FetchingAndCachingServerData.md, word for word between the
// markers (Docs/check-recipes.py checks it); TodoListRecipeTests runs it.

// BEGIN RECIPE query-todo-client
import ReduxKitLinuxQuery

struct TodoItem: Equatable, Sendable {
    let id: Int
    var title: String
    var done = false
}

/// What the app talks to its server with; tests put a fake in its place.
protocol TodoClient: Sendable {
    func fetchTodos() async throws -> [TodoItem]
    func addTodo(_ title: String) async throws -> TodoItem
    func toggleTodo(_ id: Int) async throws -> TodoItem
}

enum TodoClientKey: EffectDependencyKey {
    static let defaultValue: any TodoClient = LiveTodoClient()
}

/// The client the app ships with (a stand-in here: it would call the server).
struct LiveTodoClient: TodoClient {
    struct NoServer: Error {}

    func fetchTodos() async throws -> [TodoItem] { [] }
    func addTodo(_ title: String) async throws -> TodoItem { throw NoServer() }
    func toggleTodo(_ id: Int) async throws -> TodoItem { throw NoServer() }
}

extension EffectDependencies {
    var todoClient: any TodoClient {
        get { self[TodoClientKey.self] }
        set { self[TodoClientKey.self] = newValue }
    }
}
// END RECIPE query-todo-client

// BEGIN RECIPE query-todo-api
/// The app's state: the cache's part, beside whatever else the app keeps.
struct TodoApp: Equatable, Sendable {
    var api = QueryCacheState()
}

let api = QueryCache<TodoApp>("api", state: \.api)

/// The list: kept 60 s once no screen shows it, tried again after 1, 2 and
/// 4 s when the server fails. It provides a tag for the list and one per item.
let todos = api.query(
    "todos", retry: .exponential(maxRetries: 3, base: .seconds(1)),
    providesTags: { result, _ in
        [QueryTag("Todo", id: "LIST")] + ((try? result.get()) ?? []).map { QueryTag("Todo", id: $0.id) }
    }
) { (_: NoArgument, context) in
    try await context.dependencies.todoClient.fetchTodos()
}

func todoAppReducer(_ state: inout TodoApp, _ action: any Action) {
    api.reduce(&state.api, action)
}
// END RECIPE query-todo-api

// BEGIN RECIPE query-todo-screen
/// What the todo screen shows, read from the list's entry.
func todoScreen(_ state: TodoApp) -> String {
    let list = todos.select()(state.api)
    if list.isLoading { return "Loading…" }
    guard let items = list.data else {
        // Never loaded: the first fetch failed (after its retries), or none started.
        return list.error.map { "Could not load the todos: \($0.message ?? $0.name)" } ?? ""
    }
    var lines = items.map { "[\($0.done ? "x" : " ")] \($0.title)" }
    if list.isFetching { lines.append("(refreshing)") }
    if list.isError { lines.append("(the last refresh failed: this may be out of date)") }
    return lines.joined(separator: "\n")
}
// END RECIPE query-todo-screen

// BEGIN RECIPE query-todo-mutations
/// Adds a todo on the server; the list, which provided the "LIST" tag, is
/// fetched again once it succeeds.
let addTodo = api.mutation("addTodo", invalidatesTags: { _, _ in [QueryTag("Todo", id: "LIST")] }) {
    (title: String, context) in try await context.dependencies.todoClient.addTodo(title)
}

/// Ticks a todo at once (an optimistic update, taken back if the server
/// refuses); once the server agrees, the list is fetched again.
let toggleTodo = api.mutation(
    "toggleTodo",
    optimisticUpdates: { (id: Int) in
        [
            todos.patch(NoArgument()) { items in
                if let index = items.firstIndex(where: { $0.id == id }) { items[index].done.toggle() }
            }
        ]
    },
    invalidatesTags: { result, id in
        guard case .success = result else { return [] }
        return [QueryTag("Todo", id: id)]
    }
) { id, context in try await context.dependencies.todoClient.toggleTodo(id) }
// END RECIPE query-todo-mutations
