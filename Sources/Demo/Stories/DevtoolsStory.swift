import Foundation
import ReduxKitLinux
import ReduxKitLinuxDevtools

/// Devtools on a todo list: edited through actions, undone and redone with time
/// travel, every action logged to a JSON Lines file and replayed into a new
/// store, and the state saved to a file that the next run of the Demo restores.
///
/// The files go in `$REDUXKIT_DEMO_STATE_DIR`, or in a `reduxkitlinux-demo`
/// folder in the temporary directory.
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
        let environment = ProcessInfo.processInfo.environment
        let directory =
            environment["REDUXKIT_DEMO_STATE_DIR"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("reduxkitlinux-demo")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
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
            print("no todos saved yet: this is the first run")
        } else {
            print("restored \(started.todos.count) todos saved by the previous run: \(started.todos)")
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
            "saved \(store.state.todos.count) todos to \(stateFile.lastPathComponent); run the Demo again to restore them"
        )
    }
}
