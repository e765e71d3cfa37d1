import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// One writer per file, enforced; links refused; a torn last line reported and
/// the good prefix replayable (issue 12, item 10).
@Suite("Action log files")
struct ActionLogFileTests {
    typealias AddTodo = ActionLogTests.AddTodo
    static let registry = ActionLogTests.registry

    static func makeStore(_ file: URL, onError: @escaping @Sendable (any Error) -> Void) -> Store<
        [ActionLogTests.Todo]
    > {
        applyMiddleware(
            [actionLogMiddleware(registry: registry, to: file, onError: onError)],
            to: createStore(ActionLogTests.todos, []))
    }

    @Test func aSecondStoreLoggingToTheSameFileIsRefusedAndTheFirstsLogStaysWhole() throws {
        let file = ActionLogTests.temporaryFile("shared.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let firstErrors = ActionLogRecordingTests.Errors()
        let secondErrors = ActionLogRecordingTests.Errors()
        let first = Self.makeStore(file, onError: firstErrors.report)
        do {
            let second = Self.makeStore(file, onError: secondErrors.report)
            #expect(secondErrors.all.count == 1)
            #expect(secondErrors.all.first?.contains("another action log is writing this file") == true)
            for index in 0..<200 {
                first.dispatch(AddTodo(title: "first \(index) " + String(repeating: "x", count: 100)))
                second.dispatch(AddTodo(title: "second \(index)"))
            }
            #expect(second.state.count == 200)  // the store works; only its log is off
        }
        #expect(firstErrors.all.isEmpty)
        let replayed = createStore(ActionLogTests.todos, [])
        #expect(try replayActionLog(at: file, registry: Self.registry, into: replayed) == 200)
        #expect(replayed.state == first.state)
    }

    /// (Not checked by opening the file again at once: a process spawned by
    /// another test at that moment holds the lock until it execs.)
    @Test func theLogIsWrittenAndClosedWhenItsStoreIsGone() throws {
        let file = ActionLogTests.temporaryFile("closed.jsonl")
        defer { ActionLogTests.removeLog(file) }
        do {
            let store = Self.makeStore(file, onError: { _ in })
            store.dispatch(AddTodo(title: "one"))
            #expect(ActionLogSinks.isWriting(file))
        }
        #expect(!ActionLogSinks.isWriting(file))
        #expect(try ActionLogTests.entryLines(of: file).count == 1)
    }

    @Test func aStoreInAnotherProcessIsRefusedTheFileThisOneWrites() async throws {
        let file = ActionLogTests.temporaryFile("two-processes.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let store = Self.makeStore(file, onError: { _ in })
        store.dispatch(AddTodo(title: "kept"))
        let path = file.path
        await #expect(processExitsWith: .exitCode(42)) { [path = path as String] in
            ActionLogFileTests.exitSayingWhetherTheFileIsRefused(URL(fileURLWithPath: path))
        }
        store.dispatch(AddTodo(title: "also kept"))
        let replayed = createStore(ActionLogTests.todos, [])
        try replayActionLog(at: file, registry: Self.registry, into: replayed)
        #expect(replayed.state.map(\.title) == ["kept", "also kept"])
    }

    /// For the exit test: logs to `file` and exits with 42 if refused.
    static func exitSayingWhetherTheFileIsRefused(_ file: URL) -> Never {
        exitIfStillRunning()
        // Freed before the exit: the leak checker of the address sanitizer,
        // run at exit, takes live objects' weak references for leaks.
        let refused = {
            let errors = ActionLogRecordingTests.Errors()
            let other = makeStore(file, onError: errors.report)
            other.dispatch(AddTodo(title: "intruder"))
            return errors.all.count == 1 && errors.all[0].contains("another action log")
        }()
        exit(refused ? 42 : 1)
    }

    @Test func aSymbolicLinkIsRefusedAndItsTargetLeftAlone() throws {
        let target = ActionLogTests.temporaryFile("precious.txt")
        let link = ActionLogTests.temporaryFile("link.jsonl")
        defer {
            try? FileManager.default.removeItem(at: target)
            ActionLogTests.removeLog(link)
        }
        try Data("precious\n".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let errors = ActionLogRecordingTests.Errors()
        do {
            let store = Self.makeStore(link, onError: errors.report)
            store.dispatch(AddTodo(title: "a"))
        }
        #expect(errors.all.count == 1)
        #expect(errors.all.first?.contains("symbolic link") == true)
        #expect(try String(contentsOf: target, encoding: .utf8) == "precious\n")
    }

    @Test func aDirectoryIsNotALogFile() throws {
        let directory = ActionLogTests.temporaryFile("directory")
        defer { ActionLogTests.removeLog(directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        let errors = ActionLogRecordingTests.Errors()
        let store = Self.makeStore(directory, onError: errors.report)
        store.dispatch(AddTodo(title: "a"))
        #expect(errors.all.count == 1)
        #expect(errors.all.first?.contains("cannot open") == true)
    }

    /// Writes a log of `count` todos and returns its bytes.
    static func writeLog(_ file: URL, count: Int) throws -> Data {
        do {
            let store = makeStore(file, onError: { _ in })
            for index in 0..<count { store.dispatch(AddTodo(title: "todo \(index)")) }
        }
        return try Data(contentsOf: file)
    }

    @Test func aTornLastLineIsReportedNotTakenForABadLine() throws {
        let file = ActionLogTests.temporaryFile("torn.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let whole = try Self.writeLog(file, count: 3)
        let lastLineStart = whole.dropLast().lastIndex(of: UInt8(ascii: "\n"))! + 1
        // Every way the writer could have stopped inside the last line (its
        // newline included: a line is finished only with it).
        for end in lastLineStart + 1..<whole.count {
            try whole.prefix(end).write(to: file)
            let strict = createStore(ActionLogTests.todos, [])
            do {
                try replayActionLog(at: file, registry: Self.registry, into: strict)
                Issue.record("a torn line was replayed (cut at \(end))")
            } catch let error as ActionLogError {
                #expect(error.line == 4)  // after the session's header
                #expect(error.description.contains("torn"))
            }
            #expect(strict.state.isEmpty)
        }
    }

    @Test func theLinesBeforeATornLastLineReplayOnRequest() throws {
        let file = ActionLogTests.temporaryFile("torn-prefix.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let whole = try Self.writeLog(file, count: 3)
        try whole.prefix(whole.count - 5).write(to: file)
        let replayed = createStore(ActionLogTests.todos, [])
        let replay = try replayActionLog(
            at: file, registry: Self.registry, into: replayed, options: .allowingTornLastLine)
        #expect(replay == ActionLogReplay(replayed: 2, tornLastLine: true))
        #expect(!replay.isComplete)
        #expect(replayed.state.map(\.title) == ["todo 0", "todo 1"])
        // A whole log is not torn.
        try whole.write(to: file)
        let complete = try replayActionLog(
            at: file, registry: Self.registry, into: createStore(ActionLogTests.todos, []),
            options: .allowingTornLastLine)
        #expect(complete == ActionLogReplay(replayed: 3))
    }

    struct Tick: Action, Codable {
        let index: Int
        let padding: String
    }

    /// Counts ticks that arrive in order; one out of order sets it to -1 for good.
    static func ticks(_ state: inout Int, _ action: any Action) {
        guard let tick = action as? Tick, state >= 0 else { return }
        state = tick.index == state + 1 ? tick.index : -1
    }

    static var tickRegistry: ActionRegistry {
        var registry = ActionRegistry()
        registry.register(Tick.self)
        return registry
    }

    @Test func aProcessKilledWhileWritingLeavesALogWhoseFinishedLinesReplay() async throws {
        let file = ActionLogTests.temporaryFile("killed.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let path = file.path
        await #expect(processExitsWith: .signal(SIGKILL)) { [path = path as String] in
            exitIfStillRunning()
            let log = ActionLog<Int>(registry: ActionLogFileTests.tickRegistry, file: URL(fileURLWithPath: path))
            let store = createStore(ActionLogFileTests.ticks, 0, log.enhancer)
            let padding = String(repeating: "p", count: 1_000)
            for index in 1...10_000 {
                store.dispatch(Tick(index: index, padding: padding))
                if index == 100 { log.flush() }  // so the file has lines
            }
            kill(getpid(), SIGKILL)  // the writer is most likely still busy with the backlog
        }
        let replayed = createStore(Self.ticks, 0)
        let replay = try replayActionLog(
            at: file, registry: Self.tickRegistry, into: replayed, options: .allowingTornLastLine)
        #expect(replay.replayed >= 100)
        #expect(replayed.state == replay.replayed)  // every line, in order, none missing
    }
}
