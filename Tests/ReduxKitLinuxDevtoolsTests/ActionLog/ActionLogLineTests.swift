import Foundation
import Testing

@testable import ReduxKitLinuxDevtools

/// The log's one reader of a line (issue 42): what a line is and its fields,
/// read once, for every reader of the log.
@Suite("Action log: a line read one way")
struct ActionLogLineTests {
    static let time = #""timestamp":"2026-12-04T05:00:00.000Z""#

    static func entry(_ line: String) -> ActionLogEntryLine? {
        ActionLogEntryLine(Data(line.utf8))
    }

    static func unreadable(_ line: String) -> String? {
        guard case .unreadable(let reason) = ActionLogLine(Data(line.utf8)) else { return nil }
        return reason
    }

    @Test func theWritersEntriesAreReadWithTheirKinds() {
        #expect(Self.entry(#"{"type":"Add",\#(Self.time),"payload":{"by":1}}"#)?.kind == .action(type: "Add"))
        let marked = Self.entry(
            #"{"type":"todo/add",\#(Self.time),"effect":"thunk","payload":{"note":",\"unrecorded\":true"}}"#)
        #expect(marked?.kind == .action(type: "todo/add"))
        #expect(marked?.fields.string(.effect) == "thunk")
        #expect(marked?.payload == Data(#"{"note":",\"unrecorded\":true"}"#.utf8))
        #expect(
            Self.entry(#"{"type":"Tick",\#(Self.time),"unrecorded":true}"#)?.kind == .unrecordedAction(type: "Tick"))
        #expect(Self.entry(#"{"jump":true,\#(Self.time),"state":{"unrecorded":true}}"#)?.kind == .jump)
        #expect(
            Self.entry(#"{"jump":true,\#(Self.time),"state":{"unrecorded":true}}"#)?.state
                == Data(#"{"unrecorded":true}"#.utf8))
        #expect(Self.entry(#"{"jump":true,\#(Self.time),"unrecorded":true}"#)?.kind == .unrecordedJump)
        #expect(Self.entry(#"{"jump":true,\#(Self.time),"unrecorded":true}"#)?.timestamp == "2026-12-04T05:00:00.000Z")
    }

    @Test func fieldsAreReadInAnyOrderWithSpacesEscapesAndFieldsNotKnown() {
        let line = Self.entry(#" { "future" : [1, {"x": "}"}] , "payload" : [ 1 , 2 ] , "type" : "A\"dd" } "#)
        #expect(line?.kind == .action(type: #"A"dd"#))
        #expect(line?.payload == Data("[ 1 , 2 ]".utf8))
        #expect(Self.entry(#"{"payload":{}}"#)?.kind == nil)
        #expect(Self.entry(#"{"type":7,"payload":{}}"#)?.kind == nil)
    }

    @Test func integersAndFlagsAreReadExactly() {
        let fields = ActionLogLineFields(Data(#"{"entry":-12,"version":1e3,"jump":"true","unrecorded":true}"#.utf8))
        #expect(fields.integer(.entry) == -12)
        #expect(fields.integer(.version) == nil)
        #expect(!fields.isTrue(.jump))
        #expect(fields.isTrue(.unrecorded))
        #expect(!fields.has(.payload))
    }

    @Test func aHeaderIsReadWithEveryField() throws {
        let line =
            #"{"session":"S-1","continues":true,\#(Self.time),"version":3,"entry":42,"number":7,"line":1,"#
            + #""previousLineTorn":true,"recovered":{"from":"log","replayed":2},"state":{"n":1}}"#
        guard case .header(let header, let fields) = ActionLogLine(Data(line.utf8)) else {
            Issue.record("not read as a header")
            return
        }
        #expect(
            header
                == ActionLogSessionHeader(
                    session: "S-1", timestamp: "2026-12-04T05:00:00.000Z", version: 3, entry: 42, continues: true,
                    previousLineTorn: true, recovered: ActionLogRecoveryNote(from: "log", replayed: 2), number: 7,
                    line: 1))
        #expect(fields.raw(.state) == Data(#"{"n":1}"#.utf8))
        #expect(
            Self.unreadable(#"{"session":"S-1",\#(Self.time),"entry":0}"#)
                == #"a session header with no readable "version" field"#)
        #expect(Self.unreadable(#"{"session":"S-1",\#(Self.time),"version":1,"entry":0,"recovered":3}"#) != nil)
    }

    @Test func aLineThatIsNotTheWritersSaysWhy() {
        #expect(Self.unreadable(#"{"type":"A","payload":{"cut"#) == "not JSON")
        #expect(Self.unreadable(#"{"type":"A"} and more"#) == "not JSON")
        #expect(Self.unreadable("[1,2]") == "JSON, but not an object")
        #expect(Self.unreadable("") == "not JSON")
        #expect(Self.unreadable(#"{"type":"A",,}"#) == "not JSON")
        // A torn line is told by its place, not its bytes.
        guard case .torn = ActionLogLine(Data(#"{"type":"A","payload":{}}"#.utf8), endsFileWithoutNewline: true) else {
            Issue.record("a file's last line without its newline is torn")
            return
        }
    }

    @Test func aLineNestedAMillionLevelsDeepCostsNoStack() {
        let depth = 1_000_000
        let line =
            #"{"type":"Deep","payload":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            + "}"
        let entry = Self.entry(line)
        #expect(entry?.kind == .action(type: "Deep"))
        #expect(entry?.payload?.count == 2 * depth)
    }

    @Test func aReaderThatStopsAtAFieldReadsNothingAfterIt() {
        // The bytes after the stop are not JSON: a reader that read on would fail.
        let fields = ActionLogLineFields(Data(#"{"session":"S","entry":3,"state":{{{{"#.utf8), stoppingAt: .state)
        #expect(fields.problem == nil)
        #expect(fields.integer(.entry) == 3)
        #expect(!fields.has(.state))
        #expect(ActionLogLine.start(of: Data(#"{"session":"#.utf8)) == .header)
        #expect(ActionLogLine.start(of: Data(#"{"type":"A"#.utf8)) == .action)
        #expect(ActionLogLine.start(of: Data(#"{"jump":true,"#.utf8)) == .jump)
        #expect(ActionLogLine.start(of: Data(#"{ "session":"#.utf8)) == .other)
    }
}
