import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// Session headers carry their session's number and their line (issue 42),
/// so a reader of the log's tail numbers what it reads without counting what
/// comes before it; older logs without them are counted once, as before.
@Suite("Action log: headers carry their numbers")
struct ActionLogHeaderNumbersTests {
    typealias Todo = ActionLogTests.Todo
    typealias AddTodo = ActionLogTests.AddTodo

    /// Each header of the log at `file`: its file, its line there (from 1) and its fields.
    static func headers(of file: URL) throws -> [(file: String, line: Int, header: ActionLogSessionHeader)] {
        var found: [(String, Int, ActionLogSessionHeader)] = []
        for part in ActionLogRawLog.files(of: file) {
            let lines = try ActionLogRawLog.contents(of: part).split(
                separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            for (offset, line) in lines.enumerated() {
                if case .header(let header, _) = ActionLogLine(Data(line)) {
                    found.append((part.lastPathComponent, offset + 1, header))
                }
            }
        }
        return found
    }

    /// Runs a launch on `file`: a store logging `count` actions.
    static func launch(_ file: URL, actions count: Int, rotation: ActionLogRotation? = nil) {
        let log = ActionLog<[Todo]>(registry: ActionLogTests.registry, file: file, rotation: rotation)
        let store = createStore(ActionLogTests.todos, [], log.enhancer)
        for index in 0..<count {
            store.dispatch(AddTodo(title: "todo \(index)"))
            if rotation != nil { log.flush() }  // let the log see its size as it grows
        }
        log.flush()
    }

    @Test func eachHeaderCarriesItsSessionsNumberAndItsLine() throws {
        let file = ActionLogTests.temporaryFile("numbered.jsonl")
        defer { ActionLogTests.removeLog(file) }
        for count in [3, 0, 5] { Self.launch(file, actions: count) }
        let headers = try Self.headers(of: file)
        #expect(headers.map(\.header.number) == [1, 2, 3])
        #expect(headers.map(\.header.line) == headers.map(\.line))
        #expect(headers.map(\.line) == [1, 5, 6])
        #expect(try ActionLogSessions.read(at: file).sessions.map(\.number) == [1, 2, 3])
    }

    @Test func aTornLastLineIsCountedAndAContinuationCarriesItsSessionsNumberAtLineOne() throws {
        let file = ActionLogTests.temporaryFile("numbered-torn.jsonl")
        defer { ActionLogTests.removeLog(file) }
        Self.launch(file, actions: 2)
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"type":"AddTodo","time"#.utf8))
        try handle.close()
        Self.launch(file, actions: 60, rotation: ActionLogRotation(maxBytes: 1_500, keep: 50))
        let headers = try Self.headers(of: file)
        // The first file: session 1 at line 1, its 2 actions, the torn line (4), then session 2.
        #expect(headers[0].header.number == 1 && headers[0].line == 1)
        #expect(headers[1].header.number == 2 && headers[1].line == 5 && headers[1].header.previousLineTorn == true)
        let continuations = headers.dropFirst(2)
        #expect(!continuations.isEmpty)
        for continuation in continuations {
            #expect(continuation.header.continues == true)
            #expect(continuation.header.number == 2 && continuation.line == 1 && continuation.header.line == 1)
        }
    }

    @Test func aLogWrittenBeforeHeadersCarriedNumbersIsCountedOnce() throws {
        let file = ActionLogTests.temporaryFile("numbered-legacy.jsonl")
        defer { ActionLogTests.removeLog(file) }
        Self.launch(file, actions: 2)
        Self.launch(file, actions: 1)
        // Take the numbers out, as a log written before issue 42 has none.
        let text = try String(contentsOf: file, encoding: .utf8)
        let legacy = text.replacing(/,"number":\d+,"line":\d+/, with: "")
        #expect(legacy != text)
        try legacy.write(to: file, atomically: true, encoding: .utf8)
        #expect(ActionLogWriterNumbering.read(at: file) == ActionLogWriterNumbering(session: 2, lines: 5))
        Self.launch(file, actions: 0)
        let headers = try Self.headers(of: file)
        #expect(headers.map(\.header.number) == [nil, nil, 3])
        #expect(headers.last?.header.line == 6 && headers.last?.line == 6)
    }

    /// The writer finds the last header a chunk at a time from the file's
    /// end, wherever a chunk's edge falls: before its line, inside its first
    /// bytes, or right after them.
    @Test(arguments: [-40, -12, -11, -1, 0, 1, 11, 12, 40])
    func theLastHeaderIsFoundWhereverAChunksEdgeFalls(shift: Int) throws {
        let file = ActionLogTests.temporaryFile("numbered-chunks.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let header = #"{"session":"S","timestamp":"t","version":1,"entry":0,"number":4,"line":10,"state":{}}"#
        let entry = #"{"type":"AddTodo","timestamp":"t","payload":{"title":"x"}}"#
        let after = 2 * ActionLogWriterNumbering.chunk / (entry.utf8.count + 1)
        let lines = header + "\n" + String(repeating: entry + "\n", count: after)
        // Chunks are read from the end: put the header's start `shift` bytes from a chunk's edge.
        let padding = 3 * ActionLogWriterNumbering.chunk + shift - lines.utf8.count - 1
        let tail = lines + String(repeating: "y", count: padding) + "\n"
        try ("x\n" + tail).write(to: file, atomically: true, encoding: .utf8)
        #expect(ActionLogWriterNumbering.read(at: file) == ActionLogWriterNumbering(session: 4, lines: 10 + after + 1))
    }
}
