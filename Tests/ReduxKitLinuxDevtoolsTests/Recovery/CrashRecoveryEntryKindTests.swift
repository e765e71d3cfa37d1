import Foundation
import Testing

@testable import ReduxKitLinuxDevtools

/// A replayed line's kind is read from its first bytes when the writer laid it
/// out, and decoded whole otherwise (issue 34).
@Suite("Crash recovery: an entry's kind from its first bytes")
struct CrashRecoveryEntryKindTests {
    static func kind(_ line: String) -> CrashRecoveryEntryKind? {
        CrashRecoveryEntryKind(Data(line.utf8))
    }

    @Test func theWritersLinesAreReadWithoutDecoding() {
        let time = #""timestamp":"2026-12-04T05:00:00.000Z""#
        #expect(Self.kind(#"{"type":"Add",\#(time),"payload":{"by":1}}"#) == .action(type: "Add"))
        #expect(
            Self.kind(#"{"type":"todo/add",\#(time),"effect":"thunk","payload":{"note":",\"unrecorded\":true"}}"#)
                == .action(type: "todo/add"))
        #expect(Self.kind(#"{"type":"Tick",\#(time),"unrecorded":true}"#) == .unrecordedAction(type: "Tick"))
        #expect(
            Self.kind(#"{"type":"Add",\#(time),"unrecorded":true,"changes":[{"op":"add","path":"/payload"}]}"#)
                == .unrecordedAction(type: "Add"))
        #expect(Self.kind(#"{"jump":true,\#(time),"state":{"unrecorded":true}}"#) == .jump)
        #expect(Self.kind(#"{"jump":true,\#(time),"unrecorded":true}"#) == .unrecordedJump)
    }

    @Test func anyOtherLayoutIsLeftToTheDecoder() {
        #expect(Self.kind(#"{"timestamp":"x","type":"Add","payload":{}}"#) == nil)
        #expect(Self.kind(#"{"type":"A\"dd","payload":{}}"#) == nil)
        #expect(Self.kind(#"{"type":"Add","timestamp":"x"}"#) == nil)
        #expect(Self.kind("garbage") == nil)
        #expect(Self.kind("") == nil)
    }
}
