import Foundation
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// The action log is as private as the state file: created `0600` with its
/// lock file, an existing log keeping its own mode (issue 42). The process's
/// umask is left alone (tests run in parallel): `0600` is set exactly, so it
/// is what any usual umask leaves.
@Suite("Action log permissions")
struct ActionLogPermissionsTests {
    typealias Todo = ActionLogTests.Todo
    typealias AddTodo = ActionLogTests.AddTodo

    /// The permission bits of the file at `url`.
    static func mode(of url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) & 0o777
    }

    /// Runs a store logging to `file` (rotated by `rotation`), dispatches
    /// `count` todos and lets the log go.
    static func launch(_ file: URL, rotation: ActionLogRotation? = .standard, count: Int) {
        let log = ActionLog<[Todo]>(registry: ActionLogTests.registry, file: file, rotation: rotation)
        let store = createStore(ActionLogTests.todos, [], log.enhancer)
        for index in 0..<count {
            store.dispatch(AddTodo(title: "todo \(index)"))
            log.flush()  // let the log see its size as it grows
        }
    }

    @Test func aNewLogAndItsLockFileAreCreated0600() throws {
        let file = ActionLogTests.temporaryFile("private.jsonl")
        defer { ActionLogTests.removeLog(file) }
        Self.launch(file, count: 2)
        #expect(try Self.mode(of: file) == 0o600)
        #expect(try Self.mode(of: URL(fileURLWithPath: ActionLogFile.lockPath(of: file))) == 0o600)
    }

    @Test func aLogGiven0640KeepsItWhenAnotherSessionAppends() throws {
        let file = ActionLogTests.temporaryFile("shared-with-group.jsonl")
        defer { ActionLogTests.removeLog(file) }
        Self.launch(file, count: 2)
        #expect(chmod(file.path, 0o640) == 0)
        Self.launch(file, count: 3)
        #expect(try Self.mode(of: file) == 0o640)
        #expect(try ActionLogSessions.read(at: file).sessions.map(\.entries) == [2, 3])
    }
}
