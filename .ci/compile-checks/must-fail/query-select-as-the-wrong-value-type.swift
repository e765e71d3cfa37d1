// expect: error: cannot assign value of type 'QueryResult<Todo>' to type 'QueryResult<String>'
// Not a race: an endpoint's entry is read typed by its value, so reading it as another type does
// not compile. The twin reads it as a `Todo`.
import ReduxKitLinuxQuery

struct Todo: Equatable, Sendable {
    let id: Int
    var title: String
}
struct AppState: Equatable, Sendable { var api = QueryCacheState() }

let api = QueryCache<AppState>("api", state: \.api)
let todo = api.query("todo") { (id: Int, _) in Todo(id: id, title: "milk") }

func title(in state: AppState) -> String? {
    let result: QueryResult<String> = todo.select(1)(state.api)  // CULPRIT
    // TWIN: let result: QueryResult<Todo> = todo.select(1)(state.api)
    return result.data.map { String(describing: $0) }
}
