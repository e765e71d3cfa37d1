import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// An action log keeps every launch as a session with its starting state, and
/// a replay picks the sessions (issue 22, item 1).
@Suite("Action log sessions")
struct ActionLogSessionsTests {
    typealias Todo = ActionLogTests.Todo
    typealias AddTodo = ActionLogTests.AddTodo
    static let registry = ActionLogTests.registry

    /// One launch: a store starting from `state`, logging to `file`, given `titles`.
    @discardableResult
    static func launch(
        _ file: URL, from state: [Todo], adding titles: [String], version: Int = 1,
        rotation: ActionLogRotation? = nil
    ) -> [Todo] {
        let log = ActionLog<[Todo]>(registry: registry, file: file, version: version, rotation: rotation)
        let store = createStore(ActionLogTests.todos, state, log.enhancer)
        for title in titles { store.dispatch(AddTodo(title: title)) }
        return store.state
    }

    static func titles(_ todos: [Todo]) -> [String] { todos.map(\.title) }

    @Test func everyLaunchAppendsASessionWithItsStartingStateVersionAndTime() throws {
        let file = ActionLogTests.temporaryFile("sessions.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let before = Date(timeIntervalSinceNow: -1)
        let first = Self.launch(file, from: [], adding: ["a", "b"])
        let second = Self.launch(file, from: first, adding: ["c"], version: 2)
        Self.launch(file, from: second, adding: ["d", "e", "f"], version: 3)
        let log = try ActionLogSessions.read(at: file)
        #expect(log.sessions.map(\.number) == [1, 2, 3])
        #expect(log.sessions.map(\.entries) == [2, 1, 3])
        #expect(log.sessions.map(\.version) == [1, 2, 3])
        #expect(log.sessions.allSatisfy { $0.hasStartingState && !$0.tornLastLine && $0.recovered == nil })
        #expect(Set(log.sessions.compactMap(\.id)).count == 3)
        #expect(
            log.sessions.allSatisfy {
                ($0.started ?? .distantPast) >= before && ($0.started ?? .distantFuture) <= Date()
            })
        #expect(log.cuts.isEmpty)
    }

    @Test func aReplayTakesOneSessionTheLastOrFromOneOnEachFromItsStartingState() throws {
        let file = ActionLogTests.temporaryFile("replay-sessions.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let first = Self.launch(file, from: [], adding: ["a", "b"])
        let second = Self.launch(file, from: first + [Todo(title: "restored")], adding: ["c"])
        let third = Self.launch(file, from: second, adding: ["d"])
        func replay(_ selection: ActionLogSessionSelection, into start: [Todo] = []) throws -> ([String], Int) {
            let store = createStore(ActionLogTests.todos, start)
            let summary = try replayActionLog(at: file, registry: Self.registry, into: store, sessions: selection)
            return (Self.titles(store.state), summary.replayed)
        }
        // Whatever the store held, each session starts where the recorded one did.
        #expect(try replay(.session(1), into: [Todo(title: "junk")]) == (Self.titles(first), 2))
        #expect(try replay(.session(2)) == (Self.titles(second), 1))
        #expect(try replay(.last) == (Self.titles(third), 1))
        #expect(try replay(.from(2)) == (Self.titles(third), 2))
        #expect(try replay(.all) == (Self.titles(third), 4))
        let old = createStore(ActionLogTests.todos, [])
        #expect(try replayActionLog(at: file, registry: Self.registry, into: old) == 1)  // the last session
        #expect(old.state == third)
        #expect(throws: ActionLogError(line: 0, reason: .noSuchSession(4))) { _ = try replay(.session(4)) }
        #expect(throws: ActionLogError(line: 0, reason: .noSuchSession(0))) { _ = try replay(.from(0)) }
    }

    @Test func aTornLineEndsItsSessionAndTheNextLaunchStartsAWholeOne() throws {
        let file = ActionLogTests.temporaryFile("torn-sessions.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let first = Self.launch(file, from: [], adding: ["a", "b", "c"])
        // Killed while writing its last line: 7 bytes of it reached the file.
        let whole = try Data(contentsOf: file)
        let lastLineStart = whole.dropLast().lastIndex(of: UInt8(ascii: "\n"))! + 1
        try whole.prefix(lastLineStart + 7).write(to: file)
        let second = Self.launch(file, from: Array(first.prefix(2)), adding: ["d"])

        let log = try ActionLogSessions.read(at: file)
        #expect(log.sessions.map(\.entries) == [2, 1])
        #expect(log.sessions.map(\.tornLastLine) == [true, false])
        #expect(log.cuts == [ActionLogCut(session: 1, file: file, line: 4, bytes: 7)])
        #expect(log.cuts[0].description.contains("session 1 ends in a torn line"))
        // The whole sessions replay; the torn one only when asked.
        let last = createStore(ActionLogTests.todos, [])
        try replayActionLog(at: file, registry: Self.registry, into: last, sessions: .last)
        #expect(last.state == second)
        #expect(throws: ActionLogError(line: 4, reason: .tornLastLine)) {
            try replayActionLog(
                at: file, registry: Self.registry, into: createStore(ActionLogTests.todos, []), sessions: .all)
        }
        let all = createStore(ActionLogTests.todos, [])
        let summary = try replayActionLog(
            at: file, registry: Self.registry, into: all, sessions: .all, options: .allowingTornLastLine)
        #expect(summary == ActionLogReplay(replayed: 3, tornLastLine: true))
        #expect(all.state == second)
    }

    @Test func aTornLineAtTheEndOfTheFileIsCutFromTheLastSession() throws {
        let file = ActionLogTests.temporaryFile("torn-end.jsonl")
        defer { ActionLogTests.removeLog(file) }
        Self.launch(file, from: [], adding: ["a"])
        Self.launch(file, from: [], adding: ["b", "c"])
        let whole = try Data(contentsOf: file)
        try whole.dropLast(3).write(to: file)
        let log = try ActionLogSessions.read(at: file)
        #expect(log.sessions.map(\.entries) == [1, 1])
        #expect(log.cuts.map(\.session) == [2])
        #expect(log.cuts.first?.line == 5)
    }

    /// A launch killed while it wrote its header leaves a torn header; the
    /// next launch ends it and starts a whole session (CI saw one such kill
    /// in the hundred-kill test).
    @Test func aTornHeaderEndsTheSessionBeforeItAndTheNextLaunchReadsWhole() throws {
        let file = ActionLogTests.temporaryFile("torn-header.jsonl")
        defer { ActionLogTests.removeLog(file) }
        Self.launch(file, from: [], adding: ["a"])
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"session":"0F3A","timest"#.utf8))
        try handle.close()
        Self.launch(file, from: [Todo(title: "a")], adding: ["b"])
        let log = try ActionLogSessions.read(at: file)
        #expect(log.sessions.map(\.entries) == [1, 1])
        #expect(log.cuts.map(\.session) == [1])
        let store = createStore(ActionLogTests.todos, [])
        try replayActionLog(
            at: file, registry: Self.registry, into: store, sessions: .all, options: .allowingTornLastLine)
        #expect(Self.titles(store.state) == ["a", "b"])
    }

    /// A torn line followed by a header that does not say so (the launch that
    /// ended the line died before writing its header) is still read as torn.
    @Test func aTornLineBeforeAnUnmarkedHeaderIsCutAllTheSame() throws {
        let file = ActionLogTests.temporaryFile("torn-unmarked.jsonl")
        defer { ActionLogTests.removeLog(file) }
        Self.launch(file, from: [], adding: ["a", "b"])
        let whole = try Data(contentsOf: file)
        try (whole.dropLast(3) + Data("\n".utf8)).write(to: file)
        Self.launch(file, from: [Todo(title: "a")], adding: ["c"])
        let log = try ActionLogSessions.read(at: file)
        #expect(log.sessions.map(\.entries) == [1, 1])
        #expect(log.cuts.map(\.session) == [1])
    }

    @Test func aWholeLineNestedTooDeepBeforeAnUnmarkedHeaderIsAnEntryNotATornLine() throws {
        let file = ActionLogTests.temporaryFile("deep-unmarked.jsonl")
        defer { ActionLogTests.removeLog(file) }
        Self.launch(file, from: [], adding: ["a"])
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((#"{"type":"AddTodo","payload":\#(deep)}"# + "\n").utf8))
        try handle.close()
        Self.launch(file, from: [Todo(title: "a")], adding: ["b"])
        let log = try ActionLogSessions.read(at: file)
        #expect(log.sessions.map(\.entries) == [2, 1])
        #expect(log.cuts.isEmpty)
    }

    @Test func linesWrittenBeforeSessionsReadAsOneSessionWithoutAHeader() throws {
        let file = ActionLogTests.temporaryFile("old.jsonl")
        defer { ActionLogTests.removeLog(file) }
        try Data(
            (#"{"type":"AddTodo","timestamp":"2026-11-29T10:00:00.123Z","payload":{"title":"old"}}"# + "\n").utf8
        ).write(to: file)
        let continued = Self.launch(file, from: [Todo(title: "old")], adding: ["new"])
        let log = try ActionLogSessions.read(at: file)
        #expect(log.sessions.map(\.id?.isEmpty) == [nil, false])
        #expect(log.sessions.map(\.hasStartingState) == [false, true])
        let store = createStore(ActionLogTests.todos, [])
        try replayActionLog(at: file, registry: Self.registry, into: store, sessions: .all)
        #expect(store.state == continued)
    }
}
