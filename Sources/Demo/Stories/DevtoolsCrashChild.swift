import Foundation
import ReduxKitLinux
import ReduxKitLinuxDevtools

#if canImport(Glibc)
    import Glibc
#endif

/// The Devtools story's crash: the Demo starts itself again as a child
/// (`Demo --devtools-crash-child FOLDER`), which recovers the story's store,
/// adds two todos and kills itself with SIGKILL before anything saves them.
/// Only the action log has them; the story's next launch recovers them.
extension DevtoolsStory {
    /// The option that makes the Demo the crashing child.
    static let crashChildOption = "--devtools-crash-child"

    /// Becomes the crashing child when the command line asks; otherwise returns.
    static func runCrashChildIfAsked(_ arguments: [String] = CommandLine.arguments) {
        guard arguments.count == 3, arguments[1] == crashChildOption else { return }
        let recovery = recovery(Files(URL(fileURLWithPath: arguments[2], isDirectory: true)))
        let store = createStore(reducer, TodoList(), recovery.enhancer)
        let run = store.state.todos.count / 5 + 1
        store.dispatch(AddTodo(title: "Survive a crash (run \(run))"))
        store.dispatch(ToggleTodo(index: store.state.todos.count - 1))
        store.dispatch(AddTodo(title: "Read the log (run \(run))"))
        // Each line is in the file (durability .eachAction); the state file is not written yet.
        _ = kill(getpid(), SIGKILL)
        fatalError("SIGKILL did not stop the process")
    }

    /// Runs the crashing child on `directory` and says how it ended.
    static func crashAChild(_ directory: URL) {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let folder: String = directory.path
        let arguments: [String] = [executable, crashChildOption, folder]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, nil, nil, argv, environ) == 0 else {
            print("could not start the crashing child")
            return
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        print(
            signal == SIGKILL
                ? "a child process recovered the same files, dispatched 3 actions and was killed with SIGKILL"
                    + " before it saved anything"
                : "the crashing child ended without being killed (status \(status))")
    }
}
