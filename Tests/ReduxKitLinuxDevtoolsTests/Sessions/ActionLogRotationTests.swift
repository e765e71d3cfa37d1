import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// Size rotation keeps a long-running log bounded, and what it keeps still
/// replays (issue 22, item 1).
@Suite("Action log rotation")
struct ActionLogRotationTests {
    typealias Todo = ActionLogTests.Todo
    typealias AddTodo = ActionLogTests.AddTodo

    static func files(of file: URL) -> [String] {
        ActionLogRawLog.files(of: file).map(\.lastPathComponent)
    }

    @Test func theFileRotatesPastItsSizeKeepingAsManyAsAskedEachStartingWithTheState() throws {
        let file = ActionLogTests.temporaryFile("rotating.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let log = ActionLog<[Todo]>(
            registry: ActionLogTests.registry, file: file, rotation: ActionLogRotation(maxBytes: 2_000, keep: 2))
        let store = createStore(ActionLogTests.todos, [], log.enhancer)
        for index in 0..<400 {
            store.dispatch(AddTodo(title: "todo \(index)"))
            if index % 10 == 0 { log.flush() }  // let the log see its size as it grows
        }
        log.flush()
        let name = file.lastPathComponent
        #expect(Self.files(of: file) == [name + ".2", name + ".1", name])
        for part in ActionLogRawLog.files(of: file) {
            let lines = try String(contentsOf: part, encoding: .utf8).split(separator: "\n")
            #expect(lines.first?.hasPrefix(#"{"session":""#) == true)
            // Each file holds about maxBytes: rotation waits for the next action, and the state is in its header.
            #expect(try Data(contentsOf: part).count < 2_000 + 200 + 400 * 40)
        }
        let sessions = try ActionLogSessions.read(at: file)
        #expect(sessions.sessions.count == 1)
        #expect(sessions.sessions[0].startIsRotatedAway)
        #expect(sessions.sessions[0].id == log.sessionID)
        // The first files are gone, but the oldest kept starts from the state it continues.
        let replayed = createStore(ActionLogTests.todos, [])
        try replayActionLog(at: file, registry: ActionLogTests.registry, into: replayed, sessions: .last)
        #expect(replayed.state == store.state)
    }

    @Test func allTheFilesKeptReadAsOneLogAndASessionStartsANewFileWhenTheLastIsFull() throws {
        let file = ActionLogTests.temporaryFile("rotating-sessions.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let rotation = ActionLogRotation(maxBytes: 1_500, keep: 50)
        var state: [Todo] = []
        for launch in 0..<3 {
            let log = ActionLog<[Todo]>(registry: ActionLogTests.registry, file: file, rotation: rotation)
            let store = createStore(ActionLogTests.todos, state, log.enhancer)
            for index in 0..<12 {
                store.dispatch(AddTodo(title: "launch \(launch) todo \(index)"))
                log.flush()
            }
            state = store.state
        }
        let log = try ActionLogSessions.read(at: file)
        #expect(log.sessions.map(\.entries) == [12, 12, 12])
        #expect(log.sessions.map(\.startIsRotatedAway) == [false, false, false])
        #expect(Self.files(of: file).count > 3)
        let replayed = createStore(ActionLogTests.todos, [])
        let summary = try replayActionLog(
            at: file, registry: ActionLogTests.registry, into: replayed, sessions: .session(1))
        #expect(summary.replayed == 12)
        #expect(replayed.state.count == 12)
        let all = createStore(ActionLogTests.todos, [])
        try replayActionLog(at: file, registry: ActionLogTests.registry, into: all, sessions: .all)
        #expect(all.state == state)
    }

    @Test func keepingNoneDeletesTheFullFile() throws {
        let file = ActionLogTests.temporaryFile("rotating-none.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let log = ActionLog<[Todo]>(
            registry: ActionLogTests.registry, file: file, rotation: ActionLogRotation(maxBytes: 300, keep: 0))
        let store = createStore(ActionLogTests.todos, [], log.enhancer)
        for index in 0..<50 {
            store.dispatch(AddTodo(title: "todo \(index)"))
            log.flush()
        }
        #expect(Self.files(of: file) == [file.lastPathComponent])
        let replayed = createStore(ActionLogTests.todos, [])
        try replayActionLog(at: file, registry: ActionLogTests.registry, into: replayed)
        #expect(replayed.state == store.state)
    }

    @Test func rotatedFilesAndTheNewFileAre0600() throws {
        let file = ActionLogTests.temporaryFile("rotating-private.jsonl")
        defer { ActionLogTests.removeLog(file) }
        ActionLogPermissionsTests.launch(file, rotation: ActionLogRotation(maxBytes: 500, keep: 2), count: 40)
        let parts = ActionLogRawLog.files(of: file)
        #expect(parts.count == 3)
        #expect(try parts.map { try ActionLogPermissionsTests.mode(of: $0) } == [0o600, 0o600, 0o600])
    }

    /// The new file a rotation starts takes the mode of the file rotated
    /// away (see ``ActionLogFile``), so a log given `0640` stays `0640`.
    @Test func aLogGiven0640KeepsItAcrossRotations() throws {
        let file = ActionLogTests.temporaryFile("rotating-shared-with-group.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let rotation = ActionLogRotation(maxBytes: 500, keep: 2)
        ActionLogPermissionsTests.launch(file, rotation: rotation, count: 2)
        #expect(Self.files(of: file) == [file.lastPathComponent])
        #expect(chmod(file.path, 0o640) == 0)
        ActionLogPermissionsTests.launch(file, rotation: rotation, count: 40)
        let parts = ActionLogRawLog.files(of: file)
        #expect(parts.count == 3)
        #expect(try parts.map { try ActionLogPermissionsTests.mode(of: $0) } == [0o640, 0o640, 0o640])
        ActionLogPermissionsTests.launch(file, rotation: ActionLogRotation(maxBytes: 500, keep: 0), count: 40)
        #expect(try ActionLogPermissionsTests.mode(of: file) == 0o640)
    }

    @Test func misuseIsNamed() async {
        let size = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            _ = ActionLogRotation(maxBytes: 0, keep: 1)
        }
        let sizeOutput = String(decoding: size?.standardErrorContent ?? [], as: UTF8.self)
        #expect(sizeOutput.contains("ReduxKitLinux: " + DevtoolsMisuse.actionLogRotationSize))
        let keep = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            _ = ActionLogRotation(maxBytes: 1, keep: -1)
        }
        let keepOutput = String(decoding: keep?.standardErrorContent ?? [], as: UTF8.self)
        #expect(keepOutput.contains("ReduxKitLinux: " + DevtoolsMisuse.actionLogRotationKeep))
    }
}
