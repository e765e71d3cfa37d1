import ReduxKitLinuxEffects

// The retry-with-backoff recipe of MiddlewareAndEffects.md, word for word
// between the markers (Docs/check-recipes.py checks it); RetryRecipeTests runs it.

// BEGIN RECIPE retry-with-backoff
struct TodoItem: Equatable, Sendable {
    let id: Int
    let title: String
}

struct TodoList: Equatable, Sendable {
    var todos: [TodoItem] = []
    var isLoading = false
    var failure: String?
}

/// What the app loads the todos with; tests put a fake in its place.
protocol TodoClient: Sendable {
    func fetchTodos() async throws -> [TodoItem]
}

enum TodoClientKey: EffectDependencyKey {
    static let defaultValue: any TodoClient = LiveTodoClient()
}

/// The client the app ships with (a stand-in here: it would call the server).
struct LiveTodoClient: TodoClient {
    func fetchTodos() async throws -> [TodoItem] { [] }
}

extension EffectDependencies {
    var todoClient: any TodoClient {
        get { self[TodoClientKey.self] }
        set { self[TodoClientKey.self] = newValue }
    }
}

/// Tries four times, waiting 1, then 2, then 4 seconds on the dependencies'
/// clock after a failure; the last failure rejects the run. A newer load
/// cancels this one (`cancelInFlight`) wherever it is, mid-request or mid-wait.
let loadTodos = AsyncThunk<TodoList, Void, [TodoItem]>("todos/load", cancelInFlight: true) { _, context in
    var backoff = Duration.seconds(1)
    for _ in 1..<4 {
        do {
            return try await context.dependencies.todoClient.fetchTodos()
        } catch {
            try Task.checkCancellation()
            try await context.dependencies.clock.sleep(for: backoff)
            backoff *= 2
        }
    }
    return try await context.dependencies.todoClient.fetchTodos()
}

func todoListReducer(_ state: inout TodoList, _ action: any Action) {
    if loadTodos.pending(action) != nil {
        state.isLoading = true
        state.failure = nil
    } else if let loaded = loadTodos.fulfilled(action) {
        state.todos = loaded.value
        state.isLoading = false
    } else if let rejected = loadTodos.rejected(action), !rejected.wasCancelled {
        // A cancelled run's rejection comes after the newer run's pending:
        // it must not switch loading off while the newer run goes on.
        state.isLoading = false
        state.failure = rejected.serializedError.message
    }
}
// END RECIPE retry-with-backoff
