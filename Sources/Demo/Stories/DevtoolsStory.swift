import Foundation
import ReduxKitLinux
import ReduxKitLinuxDevtools

/// Devtools on a todo list: edited through actions, undone and redone with time
/// travel, every action logged to a JSON Lines file and replayed into a new
/// store, and the state saved to a file that a later run of the Demo restores
/// when given the same state folder.
///
/// The files go in the folder `--state-dir PATH` names, else in
/// `$REDUXKIT_DEMO_STATE_DIR`, else in a new temporary folder removed at the
/// end of the story: by default every run starts from an empty list and prints
/// the same, on every machine.
enum DevtoolsStory {
    struct Todo: Codable, Equatable, Sendable, CustomStringConvertible {
        var title: String
        var done = false

        var description: String { (done ? "[x] " : "[ ] ") + title }
    }

    struct TodoList: Codable, Equatable, Sendable {
        var todos: [Todo] = []
    }

    struct AddTodo: Action, Codable { let title: String }
    struct ToggleTodo: Action, Codable { let index: Int }

    static func reducer(_ state: inout TodoList, _ action: any Action) {
        switch action {
        case let add as AddTodo: state.todos.append(Todo(title: add.title))
        case let toggle as ToggleTodo where state.todos.indices.contains(toggle.index):
            state.todos[toggle.index].done.toggle()
        default: break
        }
    }

    static var registry: ActionRegistry {
        var registry = ActionRegistry()
        registry.register(AddTodo.self)
        registry.register(ToggleTodo.self)
        return registry
    }

    static func run() {
        printStoryTitle("Devtools: time travel, an action log replayed, state kept across runs")
        print(
            "the state folder: --state-dir PATH or $REDUXKIT_DEMO_STATE_DIR if given,"
                + " else a new temporary one, removed when the story ends")
        let folder = DemoStateFolder.fromCommandLine()
        defer { folder.removeIfTemporary() }
        // Every store, log and persistence of the story is freed when it returns,
        // before a temporary folder is removed.
        run(in: folder.url)
    }

    private static func run(in directory: URL) {
        let stateFile = directory.appendingPathComponent("todos.json")
        let logFile = directory.appendingPathComponent("actions.jsonl")

        let persistence = Persistence<TodoList>(
            file: stateFile, onError: { print("persistence: \($0)") })
        let timeTravel = TimeTravel<TodoList>(capacity: 20)
        let enhancer = compose(
            persistence.enhancer, timeTravel.enhancer,
            applyMiddleware(actionLogMiddleware(registry: registry, to: logFile)))
        let store = createStore(reducer, TodoList(), enhancer)
        let started = store.state
        if started.todos.isEmpty {
            print("no todos saved in the state folder yet: starting from an empty list")
        } else {
            print("restored \(started.todos.count) todos an earlier run saved in the state folder: \(started.todos)")
        }
        let run = started.todos.count / 3 + 1

        store.dispatch(AddTodo(title: "Buy milk (run \(run))"))
        store.dispatch(AddTodo(title: "Write docs (run \(run))"))
        store.dispatch(ToggleTodo(index: started.todos.count))
        print("edited:      \(store.state.todos)")
        timeTravel.undo()
        print("undo:        \(store.state.todos)")
        timeTravel.undo()
        print("undo again:  \(store.state.todos)")
        timeTravel.redo()
        timeTravel.redo()
        print("redo twice:  \(store.state.todos)")
        store.dispatch(AddTodo(title: "Call Ada (run \(run))"))
        print("history has \(timeTravel.entries.count) entries; present at \(timeTravel.presentIndex)")

        let replayed = createStore(reducer, started)
        do {
            let count = try replayActionLog(at: logFile, registry: registry, into: replayed)
            print("replayed \(count) logged actions into a new store: same state? \(replayed.state == store.state)")
        } catch {
            print("replay failed: \(error)")
        }

        persistence.flush()
        print(
            "saved \(store.state.todos.count) todos to \(stateFile.lastPathComponent);"
                + " a run given the same state folder restores them")
    }
}
