// expect: error: sending value of non-Sendable type '() async -> [Int]'
// expect: [#SendingRisksDataRace]
// expect: note: access can happen concurrently
// Race 10: a memoized selector remembers its last inputs and result, so it is not Sendable; called
// from a detached task while it is called here, its memory would be written from two threads.
import ReduxKitLinux

struct Todo: Identifiable, Equatable, Sendable {
    let id: Int
    var done = false
}
struct TodoList: Sendable { var todos: IdentifiedArrayOf<Todo> = [] }

func run() async {
    let openIDs = createSelector({ (list: TodoList) in list.todos }) { todos in
        todos.filter { !$0.done }.map(\.id)
    }
    let list = TodoList(todos: [Todo(id: 1), Todo(id: 2, done: true)])
    let task = Task.detached { openIDs(list) }
    _ = openIDs(list)  // CULPRIT
    _ = await task.value
}
