import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinuxDevtools

@Suite("Action log and replay")
struct ActionLogTests {
    struct Todo: Codable, Equatable {
        var title: String
        var done = false
    }

    struct AddTodo: Action, Codable { let title: String }
    struct ToggleTodo: Action, Codable { let index: Int }
    struct RenameTodo: Action, Codable {
        let index: Int
        let title: String
    }
    struct RemoveTodo: Action, Codable { let index: Int }
    struct NotCodable: Action {}

    static func todos(_ todos: inout [Todo], _ action: any Action) {
        switch action {
        case let add as AddTodo: todos.append(Todo(title: add.title))
        case let toggle as ToggleTodo where todos.indices.contains(toggle.index): todos[toggle.index].done.toggle()
        case let rename as RenameTodo where todos.indices.contains(rename.index):
            todos[rename.index].title = rename.title
        case let remove as RemoveTodo where todos.indices.contains(remove.index): todos.remove(at: remove.index)
        default: break
        }
    }

    static var registry: ActionRegistry {
        var registry = ActionRegistry()
        registry.register(AddTodo.self)
        registry.register(ToggleTodo.self)
        registry.register(RenameTodo.self, name: "todo/rename")
        registry.register(RemoveTodo.self)
        return registry
    }

    /// The entry lines of the log at `file`: every line but the session headers.
    static func entryLines(of file: URL) throws -> [Substring] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").filter {
            !$0.hasPrefix(#"{"session":"#)
        }
    }

    /// Removes the log at `file` with its rotated files and its lock file.
    static func removeLog(_ file: URL) {
        for part in ActionLogRawLog.files(of: file) { try? FileManager.default.removeItem(at: part) }
        try? FileManager.default.removeItem(atPath: ActionLogFile.lockPath(of: file))
    }

    static func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("reduxkit-\(UUID().uuidString)-\(name)")
    }

    static func randomAction(_ random: inout SplitMix64) -> any Action {
        let index = Int.random(in: 0..<8, using: &random)
        switch Int.random(in: 0..<10, using: &random) {
        case ..<4: return AddTodo(title: "todo \(Int.random(in: 0..<1_000, using: &random)) \"quoted\"\n")
        case ..<6: return ToggleTodo(index: index)
        case ..<8: return RenameTodo(index: index, title: "ünïcødé \(index)")
        case ..<9: return RemoveTodo(index: index)
        default: return NotCodable()
        }
    }

    @Test func replayingALogOfThousandsOfRandomActionsReproducesTheFinalState() throws {
        let file = Self.temporaryFile("log.jsonl")
        defer { ActionLogTests.removeLog(file) }
        var random = SplitMix64(seed: 2026)
        let initial = [Todo(title: "start")]
        do {
            let recorded = applyMiddleware(
                [actionLogMiddleware(registry: Self.registry, to: file)], to: createStore(Self.todos, initial))
            var dispatched = 0
            while dispatched < 3_000 {
                let action = Self.randomAction(&random)
                if action is NotCodable { continue }  // replay needs every action recorded
                recorded.dispatch(action)
                dispatched += 1
            }
            let replayed = createStore(Self.todos, initial)
            #expect(try replayActionLog(at: file, registry: Self.registry, into: replayed) == 3_000)
            #expect(replayed.state == recorded.state)
            #expect(!recorded.state.isEmpty)
        }
    }

    @Test func eachLineHasTheTypeNameATimestampAndThePayload() throws {
        let file = Self.temporaryFile("lines.jsonl")
        defer { ActionLogTests.removeLog(file) }
        do {  // the log writes everything when its store is freed
            let store = applyMiddleware(
                [actionLogMiddleware(registry: Self.registry, to: file)], to: createStore(Self.todos, []))
            store.dispatch(AddTodo(title: "Milk"))
            store.dispatch(RenameTodo(index: 0, title: "Oat milk"))
        }
        let lines = try Self.entryLines(of: file)
        #expect(lines.count == 2)
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        #expect(first?["type"] as? String == "AddTodo")
        #expect((first?["payload"] as? [String: Any])?["title"] as? String == "Milk")
        #expect((first?["timestamp"] as? String)?.contains("T") == true)
        #expect(lines[1].contains("\"type\":\"todo/rename\""))
    }

    /// `.skip` and `.mark` both leave a marked line where the action was, so a
    /// replay can say what is missing (before issue 12, `.skip` left nothing).
    @Test func unregisteredActionsAreSkippedOrMarked() throws {
        let skipped = Self.temporaryFile("skipped.jsonl")
        let marked = Self.temporaryFile("marked.jsonl")
        defer {
            Self.removeLog(skipped)
            Self.removeLog(marked)
        }
        for (file, policy) in [(skipped, UnregisteredActions.skip), (marked, .mark)] {
            let store = applyMiddleware(
                [actionLogMiddleware(registry: Self.registry, to: file, unregistered: policy)],
                to: createStore(Self.todos, []))
            store.dispatch(AddTodo(title: "a"))
            store.dispatch(NotCodable())
            store.dispatch(AddTodo(title: "b"))
        }
        #expect(try Self.entryLines(of: skipped).count == 3)
        let markedLines = try Self.entryLines(of: marked)
        #expect(markedLines.count == 3)
        #expect(markedLines[1].contains("\"type\":\"NotCodable\"") && markedLines[1].contains("\"unrecorded\":true"))

        let store = createStore(Self.todos, [])
        #expect(throws: ActionLogError(line: 3, reason: .unrecordedAction(type: "NotCodable"))) {
            try replayActionLog(at: marked, registry: Self.registry, into: store)
        }
        #expect(store.state.isEmpty)  // nothing is dispatched from a log that fails
        #expect(try replayActionLog(at: marked, registry: Self.registry, into: store, skippingUnrecorded: true) == 2)
        #expect(store.state.map(\.title) == ["a", "b"])
    }

    @Test func aLineThatCannotBeDecodedStopsTheReplayNamingTheLineAndReason() throws {
        let file = Self.temporaryFile("bad.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let good = #"{"type":"AddTodo","timestamp":"t","payload":{"title":"ok"}}"#
        let cases: [(String, ActionLogError.Reason)] = [
            ("not json at all", .notALogLine("")),
            (#"{"type":"Unknown","timestamp":"t","payload":{}}"#, .unknownType("Unknown")),
            (
                #"{"type":"ToggleTodo","timestamp":"t","payload":{"index":"one"}}"#,
                .undecodable(type: "ToggleTodo", details: "")
            ),
        ]
        for (badLine, reason) in cases {
            try Data([good, good, badLine, good].joined(separator: "\n").utf8).write(to: file)
            let store = createStore(Self.todos, [])
            do {
                try replayActionLog(at: file, registry: Self.registry, into: store)
                Issue.record("replay should have failed on: \(badLine)")
            } catch let error as ActionLogError {
                #expect(error.line == 3)
                switch (error.reason, reason) {
                case (.notALogLine, .notALogLine), (.undecodable, .undecodable): break
                default: #expect(error.reason == reason)
                }
                #expect(error.description.hasPrefix("line 3: "))
            }
            #expect(store.state.isEmpty)
        }
    }

    @Test func registeringTwoTypesUnderOneNameStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            struct One: Action, Codable {}
            struct Two: Action, Codable {}
            var registry = ActionRegistry()
            registry.register(One.self, name: "same")
            registry.register(Two.self, name: "same")
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("Another action type is already registered under this name"))
        #expect(output.contains("(same)"))
    }
}
