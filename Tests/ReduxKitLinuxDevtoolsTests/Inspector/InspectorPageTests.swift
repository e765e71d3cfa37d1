import Foundation
import Testing

@testable import ReduxKitLinuxDevtools

/// An inspector page is self-contained and safe: payloads holding markup,
/// `</script>`, quotes and any Unicode stay inside its escaped data block,
/// which is still the timeline's JSON, and nothing outside is loaded.
@Suite("Inspector page")
struct InspectorPageTests {
    /// Strings a payload may hold that must never become markup or end the data block.
    static let hostile = [
        "</script><script>document.body.dataset.pwned=1</script>",
        "<img src=x onerror=\"document.body.dataset.pwned=2\">",
        "'single' \"double\" `back` \\ slash / & &amp; <!-- --> ]]>",
        "line\u{2028}separator\u{2029}paragraph",
        "emoji 😀 👩‍👩‍👧 flags 🇫🇷 combining e\u{301}",
        "controls \u{1}\u{8}\u{B}\u{1F}\u{7F} tab\t newline\n return\r",
        "</SCRIPT ><Script>alert(1)</sCrIpT>",
    ]

    /// A payload of every hostile string, as `JSONEncoder` writes it.
    struct Payload: Encodable {
        let title: String
        let tags: [String]
    }

    /// A timeline of one session whose entries hold the hostile strings.
    static func hostileTimeline() throws -> InspectorTimeline {
        let encoder = DevtoolsJSON.makeEncoder()
        var timeline = InspectorTimeline()
        timeline.sessions = [
            InspectorTimeline.Session(
                number: 1, id: "6A1F2C3D-0000-4000-8000-000000000001", started: "2026-11-29T10:00:00.000Z",
                version: 2, state: InspectorRawJSON(try encoder.encode(["todos": hostile])),
                notes: ["a note with </script> in it"])
        ]
        for (index, text) in hostile.enumerated() {
            timeline.entries.append(
                InspectorTimeline.Entry(
                    session: 0, entry: index + 1, kind: .action, type: "Add</script>\(index)",
                    timestamp: "2026-11-29T10:00:0\(index).000Z",
                    payload: InspectorRawJSON(try encoder.encode(Payload(title: text, tags: hostile))),
                    changes: InspectorRawJSON(
                        try encoder.encode([["op": "replace", "path": "/todos/\(index)", "value": text]])),
                    effect: index == 0 ? "listener" : nil))
        }
        timeline.statesRecorded = true
        timeline.notes = ["<b>not bold</b>"]
        return timeline
    }

    /// The page's text, and its data block's JSON text.
    static func page(_ timeline: InspectorTimeline, title: String = "Log <i>&</i>") -> (page: String, data: String) {
        let page = String(decoding: InspectorPage.render(timeline, title: title), as: UTF8.self)
        let opening = #"<script type="application/json" id="log-data">"#
        let start = page.range(of: opening)!.upperBound
        let end = page.range(of: "</script>", range: start..<page.endIndex)!.lowerBound
        return (page, String(page[start..<end]))
    }

    @Test func noHostileStringAppearsRawAnywhereInThePage() throws {
        let (page, data) = Self.page(try Self.hostileTimeline())
        // Each string holding a character HTML or JSON needs escaped is nowhere as it is (emoji
        // need no escape: they are in the data block as they are, and read back, below).
        let escaped = Set("<>&\"\\\u{2028}\u{2029}".unicodeScalars)
        for text in Self.hostile where text.unicodeScalars.contains(where: { escaped.contains($0) || $0.value < 0x20 })
        {
            #expect(!page.contains(text), "found raw in the page: \(text.debugDescription)")
        }
        #expect(data.contains("emoji 😀 👩‍👩‍👧 flags 🇫🇷"))
        // The data block holds no character that could end it or start markup.
        for character in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            #expect(!data.contains(character), "the data block holds \(character.debugDescription)")
        }
        // Only the page's own two scripts end: the data block's and the script's.
        #expect(page.lowercased().components(separatedBy: "</script").count - 1 == 2)
        #expect(page.lowercased().components(separatedBy: "<script").count - 1 == 2)
        #expect(!page.contains("<img"))
        #expect(!page.contains("<b>not bold"))
        // The title is escaped as text.
        #expect(page.contains("<title>Log &lt;i&gt;&amp;&lt;/i&gt;</title>"))
        #expect(!page.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
    }

    @Test func theDataBlockIsTheTimelinesJSON() throws {
        let timeline = try Self.hostileTimeline()
        let (_, data) = Self.page(timeline, title: "Title </script> 😀")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        #expect(object["title"] as? String == "Title </script> 😀")
        #expect(object["statesRecorded"] as? Bool == true)
        #expect(object["notes"] as? [String] == ["<b>not bold</b>"])
        let sessions = try #require(object["sessions"] as? [[String: Any]])
        #expect(sessions.count == 1)
        #expect(sessions[0]["number"] as? Int == 1)
        #expect(sessions[0]["id"] as? String == timeline.sessions[0].id)
        #expect(sessions[0]["version"] as? Int == 2)
        #expect(sessions[0]["tornLastLine"] as? Bool == false)
        #expect((sessions[0]["state"] as? [String: Any])?["todos"] as? [String] == Self.hostile)
        #expect(sessions[0]["notes"] as? [String] == ["a note with </script> in it"])
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(entries.count == Self.hostile.count)
        for (index, entry) in entries.enumerated() {
            let expected = timeline.entries[index]
            #expect(entry["session"] as? Int == 0)
            #expect(entry["entry"] as? Int == index + 1)
            #expect(entry["kind"] as? String == "action")
            #expect(entry["type"] as? String == expected.type)
            #expect(entry["timestamp"] as? String == expected.timestamp)
            #expect(entry["effect"] as? String == expected.effect)
            let payload = try #require(entry["payload"] as? [String: Any])
            #expect(payload["title"] as? String == Self.hostile[index])
            #expect(payload["tags"] as? [String] == Self.hostile)
            let original = try JSONSerialization.jsonObject(with: expected.changes!.bytes) as! NSArray
            #expect((entry["changes"] as? NSArray) == original)
            #expect(entry["state"] == nil)
        }
    }

    @Test func thePageLoadsNothingAndAllowsNothingElse() throws {
        var timeline = InspectorTimeline()
        timeline.sessions = [InspectorTimeline.Session(number: 1, state: InspectorRawJSON(#"{"count":0}"#))]
        timeline.entries = [
            InspectorTimeline.Entry(
                session: 0, entry: 1, kind: .action, type: "Increment", payload: InspectorRawJSON(#"{"by":1}"#)),
            InspectorTimeline.Entry(session: 0, entry: 2, kind: .unrecorded, type: "Tick"),
            InspectorTimeline.Entry(session: 0, entry: 3, kind: .jump, state: InspectorRawJSON(#"{"count":5}"#)),
            InspectorTimeline.Entry(session: 0, entry: 4, kind: .unrecordedJump),
        ]
        let (page, _) = Self.page(timeline)
        #expect(
            page.contains(
                #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; "#
                    + #"style-src 'unsafe-inline'; script-src 'unsafe-inline'">"#))
        for reference in ["http:", "https:", "src=", "href=", "url(", "@import", "innerHTML", "outerHTML", "eval("] {
            #expect(!page.contains(reference), "the page holds \(reference)")
        }
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.hasSuffix("</html>\n"))
    }

    @Test func theHostilePagesOutsideOfItsDataBlockHasNoReferences() throws {
        let (page, data) = Self.page(try Self.hostileTimeline())
        let outside = page.replacingOccurrences(of: data, with: "")
        for reference in ["http:", "https:", "src=", "onerror"] {
            #expect(!outside.contains(reference), "the page outside its data holds \(reference)")
        }
    }

    @Test func stringsAreEscapedAsJSONAndReadBackTheSame() throws {
        for text in Self.hostile + ["", "plain", "\u{0}"] {
            var writer = InspectorTimelineJSON()
            writer.string(text)
            let bytes = Data(writer.bytes)
            #expect(!bytes.contains(UInt8(ascii: "<")) && !bytes.contains(UInt8(ascii: ">")))
            let read = try JSONSerialization.jsonObject(with: bytes, options: .fragmentsAllowed) as? String
            #expect(read == text)
        }
    }
}
