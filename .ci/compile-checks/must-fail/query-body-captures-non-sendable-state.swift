// expect: error: capture of 'log' with non-Sendable type 'RequestLog' in a '@Sendable' closure
// expect: [#SendableClosureCaptures]
// A query's body runs in the fetch's task, while the code that made the endpoint goes on: a
// non-Sendable object it captures would be written from two threads. The twin captures nothing.
import ReduxKitLinuxQuery

struct Todo: Equatable, Sendable {
    let id: Int
    var title: String
}
struct AppState: Equatable, Sendable { var api = QueryCacheState() }
final class RequestLog { var lines: [String] = [] }

let api = QueryCache<AppState>("api", state: \.api)

func makeEndpoint() -> QueryEndpoint<AppState, Int, Todo> {
    let log = RequestLog()
    _ = log
    return api.query("todo") { (id: Int, _) in
        log.lines.append("todo \(id)")  // CULPRIT
        return Todo(id: id, title: "milk")
    }
}
