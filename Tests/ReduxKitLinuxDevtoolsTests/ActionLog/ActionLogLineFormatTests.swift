import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// The line format is described in one place (issue 42): every field the
/// writer writes is one ``ActionLogLineFormat`` names and ``ActionLogLine``
/// reads back, and a field added to every line is passed over by every
/// reader of the log alike (sessions, replay, recovery, the inspector),
/// because they all read lines through that one reader.
@Suite("Action log: the line format in one place")
struct ActionLogLineFormatTests {
    typealias Todo = ActionLogTests.Todo
    typealias AddTodo = ActionLogTests.AddTodo

    struct Unencodable: Action, Codable {
        func encode(to encoder: any Encoder) throws {
            throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "never"))
        }
    }

    /// The lines the writer makes for one entry of each kind, headers with every mark.
    static func everyKindOfLine() -> [Data] {
        var registry = ActionLogTests.registry
        registry.register(Unencodable.self)
        var lines = ActionLogLines(
            registry: registry, file: URL(fileURLWithPath: "/dev/null"), recordsStateChanges: true)
        lines.numbering = ActionLogWriterNumbering(session: 0, lines: 0)
        lines.previousLineTorn = true
        let state = Data(#"{"todos":[]}"#.utf8)
        let note = ActionLogRecoveryNote(from: "saved", replayed: 1)
        let add = AddTodo(title: "Milk")
        let entries: [ActionLogEntry.Kind] = [
            .header(.init(session: "S", version: 1, entry: 0, continues: false, state: state, recovered: note)),
            .action(add, codec: registry.codecIndex(of: add)!),
            .actionWithState(.init(action: add, codec: registry.codecIndex(of: add)!) { _ in state }),
            .actionWithState(
                .init(action: add, codec: registry.codecIndex(of: add)!) { _ in throw CancellationError() }),
            .action(Unencodable(), codec: registry.codecIndex(of: Unencodable())!),
            .unrecorded(type: "Tick"),
            .jump(state: state),
            .unrecordedJump,
            .header(.init(session: "S", version: 1, entry: 7, continues: true, state: nil, recovered: nil)),
        ]
        for kind in entries { _ = lines.append(ActionLogEntry(kind, effect: .listener)) }
        return Data(lines.output).split(separator: UInt8(ascii: "\n")).map { Data($0) }
    }

    @Test func everyFieldTheWriterWritesIsInTheFormatAndReadBack() throws {
        var written = Set<String>()
        for line in Self.everyKindOfLine() {
            let object = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
            let fields = ActionLogLineFields(line)
            #expect(fields.problem == nil)
            for key in object.keys {
                let field = ActionLogLineFormat.Field.allCases.first { $0.name == key }
                #expect(field != nil, "the writer wrote \"\(key)\", which the format does not name")
                if let field { #expect(fields.has(field), "\"\(key)\" was not read") }
            }
            written.formUnion(object.keys)
            guard case .unreadable = ActionLogLine(line) else { continue }
            Issue.record("a line the writer wrote reads as unreadable: \(String(decoding: line, as: UTF8.self))")
        }
        // And the format names nothing the writer never writes.
        #expect(written == Set(ActionLogLineFormat.Field.allCases.map(\.name)))
    }

    @Test func aFieldAddedToEveryLineIsPassedOverByEveryReader() throws {
        let plain = ActionLogTests.temporaryFile("format-plain.jsonl")
        let added = ActionLogTests.temporaryFile("format-added.jsonl")
        defer { for file in [plain, added] { ActionLogTests.removeLog(file) } }
        let log = ActionLog<[Todo]>(registry: ActionLogTests.registry, file: plain, recordingStateChanges: true)
        let store = createStore(ActionLogTests.todos, [], log.enhancer)
        for title in ["Milk", "Bread", "Tea"] { store.dispatch(AddTodo(title: title)) }
        log.flush()
        // What a later writer might add: a field in every header and entry, before its closing brace.
        let lines = try String(contentsOf: plain, encoding: .utf8).split(separator: "\n")
        let grown = lines.map { $0.dropLast() + #","added":{"x":[1,"}"]}}"# }
        try (grown.joined(separator: "\n") + "\n").write(to: added, atomically: true, encoding: .utf8)

        #expect(try ActionLogSessions.read(at: added) == ActionLogSessions.read(at: plain))
        let inspected = try [plain, added].map { InspectorTimeline(rawLog: try ActionLogRawLog.read(at: $0)) }
        #expect(inspected[0] == inspected[1])
        #expect(inspected[1].entries.allSatisfy { $0.kind == .action })
        for file in [plain, added] {
            let replayed = createStore(ActionLogTests.todos, [])
            let summary = try replayActionLog(at: file, registry: ActionLogTests.registry, into: replayed)
            #expect(replayed.state == store.state)
            #expect(summary == 3)
            let raw = try ActionLogRawLog.read(at: file)
            let tail = try CrashRecoveryTail(
                at: file, saved: nil, version: 0, meter: ActionLogReadMeter())
            #expect(tail.log.sessions.map(\.decodedHeader) == raw.sessions.map(\.decodedHeader))
        }
    }
}
