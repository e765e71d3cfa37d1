import Foundation

/// Writes an ``InspectorTimeline`` as the JSON an inspector page's script
/// reads, safe to put between `<script type="application/json">` and
/// `</script>`: every `<`, `>` and `&`, and U+2028 and U+2029, is written as a
/// `\u` escape (in strings, the only place JSON allows them), so no payload
/// can end the block or start markup, and the block is still the same JSON.
///
/// The log's JSON (payloads, states, changes) is copied byte for byte but for
/// those escapes; the rest is written here, strings escaped as JSON requires.
/// (`JSONEncoder` cannot splice JSON it did not encode, and decoding the log's
/// JSON only to encode it again would cost a 100,000-action page seconds.)
struct InspectorTimelineJSON {
    /// The JSON so far.
    private(set) var bytes: [UInt8] = []

    /// The JSON of `timeline`, titled `title`.
    static func encode(_ timeline: InspectorTimeline, title: String) -> [UInt8] {
        var writer = InspectorTimelineJSON()
        writer.bytes.reserveCapacity(Self.estimatedSize(of: timeline))
        writer.write(timeline, title: title)
        return writer.bytes
    }

    /// A guess at the output's size, to reserve it once.
    private static func estimatedSize(of timeline: InspectorTimeline) -> Int {
        var size = 256 + timeline.sessions.count * 256
        for session in timeline.sessions { size += session.state?.bytes.count ?? 0 }
        for entry in timeline.entries {
            size += 128 + (entry.payload?.bytes.count ?? 0) + (entry.changes?.bytes.count ?? 0)
            size += entry.state?.bytes.count ?? 0
        }
        return size
    }

    private mutating func write(_ timeline: InspectorTimeline, title: String) {
        raw(#"{"title":"#)
        string(title)
        raw(#","statesRecorded":"#)
        raw(timeline.statesRecorded ? "true" : "false")
        raw(#","notes":"#)
        strings(timeline.notes)
        raw(#","sessions":["#)
        for (index, session) in timeline.sessions.enumerated() {
            if index > 0 { raw(",") }
            write(session)
        }
        raw(#"],"entries":["#)
        for (index, entry) in timeline.entries.enumerated() {
            if index > 0 { raw(",") }
            write(entry)
        }
        raw("]}")
    }

    private mutating func write(_ session: InspectorTimeline.Session) {
        raw(#"{"number":"#)
        raw(String(session.number))
        field("id", session.id)
        field("started", session.started)
        if let version = session.version {
            raw(#","version":"#)
            raw(String(version))
        }
        field("state", session.state)
        raw(#","tornLastLine":"#)
        raw(session.tornLastLine ? "true" : "false")
        raw(#","checkpoints":["#)
        for (index, checkpoint) in session.checkpoints.enumerated() {
            if index > 0 { raw(",") }
            raw(#"{"entriesBefore":"#)
            raw(String(checkpoint.entriesBefore))
            field("state", checkpoint.state)
            raw("}")
        }
        raw(#"],"notes":"#)
        strings(session.notes)
        raw("}")
    }

    private mutating func write(_ entry: InspectorTimeline.Entry) {
        raw(#"{"session":"#)
        integer(entry.session)
        raw(#","entry":"#)
        integer(entry.entry)
        field("kind", entry.kind.rawValue)
        field("type", entry.type)
        field("timestamp", entry.timestamp)
        field("payload", entry.payload)
        field("changes", entry.changes)
        field("state", entry.state)
        field("effect", entry.effect)
        field("reason", entry.reason)
        raw("}")
    }

    /// `,"key":"value"`, if there is a value.
    private mutating func field(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        fieldName(key)
        string(value)
    }

    /// `,"key":<JSON>`, if there is a value.
    private mutating func field(_ key: StaticString, _ value: InspectorRawJSON?) {
        guard let value else { return }
        fieldName(key)
        json(value.bytes)
    }

    /// `,"key":`, copied from the literal's bytes (no string made: a page
    /// writes a few of these for each of 100,000 entries).
    private mutating func fieldName(_ key: StaticString) {
        bytes.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "\"")])
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    private mutating func strings(_ values: [String]) {
        raw("[")
        for (index, value) in values.enumerated() {
            if index > 0 { raw(",") }
            string(value)
        }
        raw("]")
    }

    /// `value`'s decimal digits.
    private mutating func integer(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            integer(-value)
        } else if value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            integer(value / 10)
            bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
        }
    }

    /// Text of this writer's own, which needs no escaping.
    private mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// `text` as a JSON string, with the escapes of the type's comment.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { escape($0, inString: true) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The JSON value `json`, copied with the escapes of the type's comment.
    mutating func json(_ json: Data) {
        json.withUnsafeBytes { escape($0.bindMemory(to: UInt8.self), inString: false) }
    }

    /// Appends `utf8`, escaping what HTML must not see and, in a string of
    /// this writer's (`inString`), what JSON requires there. Runs of bytes
    /// that need nothing are copied at once.
    private mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>, inString: Bool) {
        var index = 0
        var copied = 0
        let count = utf8.count
        let special = Self.special
        while index < count {
            let byte = utf8[index]
            guard special[Int(byte)] else {
                index += 1
                continue
            }
            var length = 1
            var escape: UInt32?
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"): escape = UInt32(byte)
            case 0xE2:
                if index + 2 < count && utf8[index + 1] == 0x80 && (utf8[index + 2] & 0xFE) == 0xA8 {
                    escape = utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029
                    length = 3
                }
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                if inString { escape = UInt32(byte) }
            default:
                if inString { escape = UInt32(byte) }  // a control character
            }
            guard let escape else {
                index += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<index]))
            if escape == 0x22 || escape == 0x5C {
                bytes.append(contentsOf: [UInt8(ascii: "\\"), byte])
            } else {
                unicodeEscape(escape)
            }
            index += length
            copied = index
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<count]))
    }

    /// The bytes ``escape(_:inString:)`` looks at: `<`, `>`, `&`, the first
    /// byte of U+2028 and U+2029, and, for strings, `"`, `\` and controls.
    private static let special: [Bool] = {
        var special = [Bool](repeating: false, count: 256)
        for byte in [0x3C, 0x3E, 0x26, 0xE2, 0x22, 0x5C] + Array(0..<0x20) { special[byte] = true }
        return special
    }()

    /// `\uXXXX` for `scalar` (at most U+FFFF).
    private mutating func unicodeEscape(_ scalar: UInt32) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(hex[Int((scalar >> UInt32(shift)) & 0xF)])
        }
    }
}
