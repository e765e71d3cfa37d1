import Foundation
import Testing

@testable import ReduxKitLinuxDevtools

/// A log's raw sessions become the inspector's timeline: sessions with their
/// headers, entries numbered in their session with their JSON kept byte for
/// byte, continuation headers' states, torn and damaged lines noted.
@Suite("Inspector timeline from a log")
struct InspectorTimelineReadingTests {
    /// A log of two sessions in the spec's format: recorded changes, an effect's action, an unrecorded
    /// action, jumps, a damaged line, a continuation header and a torn line.
    static let lines = [
        #"{"session":"S1","timestamp":"2026-11-29T10:00:00.000Z","version":2,"entry":0,"state":{"todos":[]}}"#,
        #"{"changes":[{"op":"add","path":"/todos/0","value":{"title":"} \" {"}}],"payload":{"title":"} \" {"},"#
            + #""timestamp":"2026-11-29T10:00:00.100Z","type":"AddTodo"}"#,
        #"{"effect":"listener","payload":{"n":[1,2.50,{"a":null}]},"timestamp":"2026-11-29T10:00:00.200Z","type":"Ping"}"#,
        #"{"type":"Tick","timestamp":"2026-11-29T10:00:00.300Z","unrecorded":true}"#,
        #"not json"#,
        #"{"session":"S1","continues":true,"timestamp":"2026-11-29T10:00:01.000Z","version":2,"entry":3,"#
            + #""state":{"todos":["x"]}}"#,
        #"{"jump":true,"timestamp":"2026-11-29T10:00:02.000Z","state":{"todos":[]}}"#,
        #"{"jump":true,"timestamp":"2026-11-29T10:00:03.000Z","unrecorded":true}"#,
        #"{"type":"AddTodo","timestamp":"2026-11-29T10:00:04.000Z","payload":{"title":"Cut"#,
        #"{"session":"S2","timestamp":"2026-11-29T11:00:00.000Z","version":3,"entry":0,"previousLineTorn":true,"#
            + #""recovered":{"from":"saved","replayed":4},"stateUnrecorded":true}"#,
        #"{"payload":{"by":1},"timestamp":"2026-11-29T11:00:00.500Z","type":"Increment"}"#,
    ]

    /// Calls `body` with a log file of `lines` (by default, ``lines``), removed after.
    static func withLog<T>(_ lines: [String] = lines, _ body: (URL) throws -> T) throws -> T {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "reduxkit-\(UUID().uuidString)-inspector.jsonl")
        defer { ActionLogTests.removeLog(file) }
        try Data(lines.isEmpty ? [] : Array((lines.joined(separator: "\n") + "\n").utf8)).write(to: file)
        return try body(file)
    }

    @Test func sessionsEntriesAndNotes() throws {
        let timeline = try Self.withLog { InspectorTimeline(rawLog: try ActionLogRawLog.read(at: $0)) }
        #expect(timeline.sessions.count == 2)
        #expect(timeline.statesRecorded)
        let first = timeline.sessions[0]
        #expect(first.number == 1 && first.id == "S1" && first.version == 2)
        #expect(first.started == "2026-11-29T10:00:00.000Z")
        #expect(first.state == InspectorRawJSON(#"{"todos":[]}"#))
        #expect(first.tornLastLine)
        // The damaged line is entry 4 (unreadable): the continuation header follows it.
        #expect(first.checkpoints == [.init(entriesBefore: 4, state: InspectorRawJSON(#"{"todos":["x"]}"#))])
        #expect(first.notes.contains { $0.contains("not a log line") })
        #expect(first.notes.contains { $0.contains("torn line") })
        let second = timeline.sessions[1]
        #expect(second.id == "S2" && second.version == 3 && second.state == nil)
        #expect(second.notes.contains { $0.contains("not recorded") })
        #expect(second.notes.contains { $0.contains("the last saved state, then 4 logged actions replayed") })

        let entries = timeline.entries
        #expect(entries.map(\.kind) == [.action, .action, .unrecorded, .unreadable, .jump, .unrecordedJump, .action])
        #expect(entries.map(\.session) == [0, 0, 0, 0, 0, 0, 1])
        #expect(entries.map(\.entry) == [1, 2, 3, 4, 5, 6, 1])
        #expect(entries.map(\.type) == ["AddTodo", "Ping", "Tick", nil, nil, nil, "Increment"])
        // JSON is kept as the log wrote it, strings holding braces and quotes included.
        #expect(entries[0].payload == InspectorRawJSON(#"{"title":"} \" {"}"#))
        #expect(entries[0].changes == InspectorRawJSON(#"[{"op":"add","path":"/todos/0","value":{"title":"} \" {"}}]"#))
        #expect(entries[1].payload == InspectorRawJSON(#"{"n":[1,2.50,{"a":null}]}"#))
        #expect(entries[1].effect == "listener")
        #expect(entries[2].payload == nil)
        #expect(entries[3].reason == "not JSON" && entries[3].payload == nil)
        #expect(entries.map { $0.reason != nil } == [false, false, false, true, false, false, false])
        #expect(entries[4].state == InspectorRawJSON(#"{"todos":[]}"#))
        #expect(entries[5].state == nil)
        #expect(entries[6].changes == nil)
        #expect(
            timeline.notes == [
                "1 line of the log could not be read: it is listed as unreadable, with why, "
                    + "and the states after them may be wrong."
            ])
    }

    @Test func recoveryNotes() {
        #expect(InspectorTimeline.note(ActionLogRecoveryNote(from: "none", replayed: 0)) == nil)
        #expect(InspectorTimeline.note(ActionLogRecoveryNote(from: "saved", replayed: 0))?.contains("saved") == true)
        #expect(
            InspectorTimeline.note(ActionLogRecoveryNote(from: "log", replayed: 1))?.contains("1 logged action ")
                == true)
    }

    @Test func thePageAndItsSummary() throws {
        try Self.withLog { log in
            let page = log.deletingLastPathComponent().appendingPathComponent(UUID().uuidString + ".html")
            defer { try? FileManager.default.removeItem(at: page) }
            let summary = try ActionLogInspector.writePage(forLogAt: log, to: page)
            let written = try Data(contentsOf: page)
            #expect(
                summary
                    == ActionLogInspectorSummary(sessions: 2, entries: 7, statesRecorded: true, bytes: written.count))
            let text = try ActionLogInspector.page(forLogAt: log)
            #expect(Data(text.utf8) == written)
            #expect(text.contains("<title>Action log: \(log.lastPathComponent)</title>"))
            #expect(try ActionLogInspector.page(forLogAt: log, title: "Mine").contains("<title>Mine</title>"))
        }
    }
}
