import Foundation
import Testing

@testable import ReduxKitLinuxDevtools

/// A log line the inspector cannot read is never dropped without a word: it
/// is an entry of its own, where it was, saying why (nested too deep, not
/// UTF-8, not a JSON object, not JSON), counted in the log's notes; a whole
/// line nested too deep at a session's end is not called torn.
@Suite("Action log: lines that cannot be read, and the inspector")
struct ActionLogUnreadableLineTests {
    /// A log line whose payload is `depth` arrays deep.
    static func deepLine(_ depth: Int, type: String = "Deep") -> String {
        #"{"type":""# + type + #"","payload":"# + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth) + "}"
    }

    static let header =
        #"{"session":"S1","timestamp":"2026-11-29T10:00:00.000Z","version":2,"entry":0,"state":{"n":0}}"#
    static let action =
        #"{"type":"A","timestamp":"2026-11-29T10:00:00.100Z","payload":{},"changes":[{"op":"replace","path":"/n","value":1}]}"#

    @Test func reasons() {
        #expect(
            ActionLogUnreadableLine.reason(Data(Self.deepLine(100_000).utf8))
                == "nested 100,001 levels deep, too deep to read")
        #expect(ActionLogUnreadableLine.reason(Data([0x7B, 0xFF, 0xFE, 0x7D])) == "not UTF-8 text")
        #expect(ActionLogUnreadableLine.reason(Data("[1,2]".utf8)) == "JSON, but not an object")
        #expect(ActionLogUnreadableLine.reason(Data("\"text\"".utf8)) == "JSON, but not an object")
        #expect(ActionLogUnreadableLine.reason(Data("{\"cut\":".utf8)) == "not JSON")
        // Cut short, a deep line is not whole: it is not JSON (a torn line, at a session's end).
        let cut = Data(Self.deepLine(100_000).utf8.dropLast(10))
        #expect(ActionLogUnreadableLine.reason(cut) == "not JSON")
        #expect(!ActionLogUnreadableLine.isWholeButTooDeep(cut))
        #expect(ActionLogUnreadableLine.isWholeButTooDeep(Data(Self.deepLine(100_000).utf8)))
        #expect(!ActionLogUnreadableLine.isWholeButTooDeep(Data(Self.deepLine(3).utf8)))
        // Brackets inside strings are not nesting.
        #expect(ActionLogUnreadableLine.nesting(Data(#"{"a":"[[[\"]]]{","b":[{}]}"#.utf8)) == (3, true))
        #expect(ActionLogUnreadableLine.nesting(Data(#"{"a":1} x"#.utf8)).isComplete == false)
        #expect(ActionLogUnreadableLine.grouped(100_001) == "100,001")
        #expect(ActionLogUnreadableLine.grouped(999) == "999")
        #expect(ActionLogUnreadableLine.grouped(1_000_000) == "1,000,000")
    }

    @Test func aLineNestedTooDeepIsAnEntryWhereItWasAndCounted() throws {
        let lines = [
            Self.header, Self.action, Self.deepLine(100_000), Self.action, "\u{1}garbage",
            Self.deepLine(100_000, type: "Last"),
            #"{"session":"S2","timestamp":"2026-11-29T11:00:00.000Z","version":2,"entry":0,"state":{"n":0}}"#,
            Self.action,
        ]
        let timeline = try InspectorTimelineReadingTests.withLog(lines) {
            InspectorTimeline(rawLog: try ActionLogRawLog.read(at: $0))
        }
        #expect(timeline.entries.map(\.kind) == [.action, .unreadable, .action, .unreadable, .unreadable, .action])
        #expect(timeline.entries.map(\.entry) == [1, 2, 3, 4, 5, 1])
        #expect(
            timeline.entries.map(\.reason) == [
                nil, "nested 100,001 levels deep, too deep to read", nil, "not JSON",
                "nested 100,001 levels deep, too deep to read", nil,
            ])
        // The last line of session 1 is whole: unreadable, not torn.
        #expect(timeline.sessions.map(\.tornLastLine) == [false, false])
        #expect(timeline.sessions[0].notes.filter { $0.contains("listed as unreadable") }.count == 3)
        #expect(timeline.notes.contains { $0.hasPrefix("3 lines of the log could not be read") })
        // The page's data lists them, with why.
        let (_, data) = InspectorPageTests.page(timeline)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(
            entries.map { $0["kind"] as? String } == [
                "action", "unreadable", "action", "unreadable", "unreadable", "action",
            ])
        #expect(entries[1]["reason"] as? String == "nested 100,001 levels deep, too deep to read")
    }

    @Test func aLineCutShortIsStillTorn() throws {
        let cut = String(Self.deepLine(100_000).dropLast(3))
        let lines = [
            Self.header, Self.action, cut,
            #"{"session":"S2","timestamp":"2026-11-29T11:00:00.000Z","version":2,"entry":0,"previousLineTorn":true}"#,
        ]
        let timeline = try InspectorTimelineReadingTests.withLog(lines) {
            InspectorTimeline(rawLog: try ActionLogRawLog.read(at: $0))
        }
        #expect(timeline.entries.map(\.kind) == [.action])
        #expect(timeline.sessions.first?.tornLastLine == true)
        #expect(timeline.notes.isEmpty)
    }

    @Test func anEmptyLogIsAPageThatSaysSo() throws {
        let timeline = try InspectorTimelineReadingTests.withLog([]) {
            InspectorTimeline(rawLog: try ActionLogRawLog.read(at: $0))
        }
        #expect(timeline.sessions.isEmpty && timeline.entries.isEmpty)
        #expect(timeline.notes == ["The log is empty."])
        #expect(InspectorPageTests.page(timeline).page.hasSuffix("</html>\n"))
    }
}
