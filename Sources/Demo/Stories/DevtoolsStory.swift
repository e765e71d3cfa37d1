import Foundation
import ReduxKitLinux
import ReduxKitLinuxDevtools

/// Devtools on a todo list: edited through actions, undone and redone with time
/// travel, every action logged to a JSON Lines file (one session per launch)
/// and the session replayed into a new store, the state saved and recovered
/// with crash recovery after a child process is killed with SIGKILL, and the
/// log turned into an inspector page. A later run of the Demo given the same
/// state folder restores the state and appends to the log.
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
        printStoryTitle("Devtools: time travel, action log sessions, crash recovery, an inspector page")
        print(
            "the state folder: --state-dir PATH or $REDUXKIT_DEMO_STATE_DIR if given,"
                + " else a new temporary one, removed when the story ends")
        let folder = DemoStateFolder.fromCommandLine()
        defer { folder.removeIfTemporary() }
        // Every store, log and persistence of the story is freed when it returns,
        // before a temporary folder is removed.
        run(in: folder.url)
    }

    /// The story's files in `directory`.
    struct Files {
        let state: URL
        let log: URL
        let page: URL

        init(_ directory: URL) {
            state = directory.appendingPathComponent("todos.json")
            log = directory.appendingPathComponent("actions.jsonl")
            page = directory.appendingPathComponent("actions.html")
        }
    }

    /// Crash recovery of the story's files: the saved state, then the actions
    /// logged after it. The log writes each line before its dispatch returns,
    /// so a crash loses nothing dispatched, and records how each action changed
    /// the state, so the inspector page shows the state after each one.
    static func recovery(_ files: Files) -> CrashRecovery<TodoList> {
        CrashRecovery(
            persistence: Persistence(
                file: files.state, debounce: .seconds(3_600), onError: { print("persistence: \($0)") }),
            log: ActionLog(registry: registry, file: files.log, durability: .eachAction, recordingStateChanges: true))
    }

    private static func run(in directory: URL) {
        let files = Files(directory)
        let started = edit(files)
        crashAChild(directory)
        inspect(files, startedWith: started)
    }

    /// A launch: recovers, edits with time travel, checks a replay of this
    /// session, saves. Returns the state it started from.
    private static func edit(_ files: Files) -> TodoList {
        let recovery = recovery(files)
        let timeTravel = TimeTravel<TodoList>(capacity: 20)
        let store = createStore(reducer, TodoList(), compose(recovery.enhancer, timeTravel.enhancer))
        let started = store.state
        if started.todos.isEmpty {
            print("no todos saved in the state folder yet: starting from an empty list")
        } else {
            print("restored \(started.todos.count) todos earlier runs left in the state folder: \(started.todos)")
        }
        let run = started.todos.count / 5 + 1

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

        let replayed = createStore(reducer, TodoList())
        do {
            let replay = try replayActionLog(at: files.log, registry: registry, into: replayed, sessions: .last)
            print(
                "replayed this session (\(replay.replayed) actions, \(replay.jumps) jumps) into a new store from its"
                    + " recorded start: same state? \(replayed.state == store.state)")
        } catch {
            print("replay failed: \(error)")
        }
        recovery.persistence.flush()
        print("saved \(store.state.todos.count) todos to \(files.state.lastPathComponent)")
        return started
    }

    /// Recovers again, after a child process added two todos and was killed.
    private static func inspect(_ files: Files, startedWith started: TodoList) {
        let recovery = recovery(files)
        let store = createStore(reducer, TodoList(), recovery.enhancer)
        print(
            "restarted: \(recovery.report!) -> \(store.state.todos.count) todos, the last: \(store.state.todos.last!)")
        recovery.log.flush()
        do {
            let log = try ActionLogSessions.read(at: files.log)
            print("the action log holds \(log.sessions.count) sessions:")
            for session in log.sessions.suffix(3) {
                let how = session.recovered.map { " (recovered from \($0.from), \($0.replayed) replayed)" } ?? ""
                print("  session \(session.number): \(session.entries) entries\(how)")
            }
            let summary = try ActionLogInspector.writePage(forLogAt: files.log, to: files.page, title: "Demo todos")
            print(
                "wrote the inspector page \(files.page.lastPathComponent): \(summary.entries) entries in"
                    + " \(summary.sessions) sessions; open it in a browser, or run"
                    + " `swift run reduxkit-inspect \(files.log.lastPathComponent)`")
        } catch {
            print("reading the log failed: \(error)")
        }
        recovery.persistence.flush()
        print("saved \(store.state.todos.count) todos; a run given the same state folder restores them")
    }
}
