// expect: error: cannot convert value of type 'String' to expected argument type 'Int'
// Not a race: a query endpoint is typed by its argument, so subscribing with a value of another
// type does not compile (RTK Query's `useGetTodoQuery("1")` for a numeric id type-checks only in
// TypeScript's strict mode). The twin subscribes with an `Int`.
import ReduxKitLinuxQuery

struct Todo: Equatable, Sendable {
    let id: Int
    var title: String
}
struct AppState: Equatable, Sendable { var api = QueryCacheState() }

let api = QueryCache<AppState>("api", state: \.api)
let todo = api.query("todo") { (id: Int, _) in Todo(id: id, title: "milk") }

@MainActor func show(_ store: Store<AppState>) {
    _ = store.dispatch(todo.subscribe("1"))  // CULPRIT
    // TWIN: _ = store.dispatch(todo.subscribe(1))
}
