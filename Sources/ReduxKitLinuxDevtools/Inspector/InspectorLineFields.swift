import Foundation

/// One log line read for the inspector: its fields read as ``JSONValue``s
/// (which also proves the line is JSON), and the bytes of the values the page
/// shows as JSON (`payload`, `state`, `changes`, `recovered`) cut out of the
/// line as they are, not encoded again.
struct InspectorLineFields {
    /// The line's top-level fields, read.
    let fields: [String: JSONValue]
    /// The line, for ``raw(_:)``.
    private let line: Data
    /// Where each of the raw fields' values is in ``line``.
    private var ranges: [String: Range<Int>] = [:]

    /// The keys whose values ``raw(_:)`` gives.
    static let rawKeys: Set<String> = ["payload", "state", "changes", "recovered"]

    /// Reads `line`; `nil` when it is not a JSON object (a torn or damaged line).
    init?(_ line: Data) {
        guard case .object(let fields) = try? JSONValue(parsing: line) else { return nil }
        self.fields = fields
        self.line = line
        if !Self.rawKeys.isDisjoint(with: fields.keys) {
            ranges = line.withUnsafeBytes { Self.valueRanges(in: $0.bindMemory(to: UInt8.self)) }
        }
    }

    /// The string field `key`, if it is one.
    func string(_ key: String) -> String? {
        guard case .string(let string) = fields[key] else { return nil }
        return string
    }

    /// Whether the field `key` is `true`.
    func isTrue(_ key: String) -> Bool {
        fields[key] == .bool(true)
    }

    /// The JSON bytes of the field `key` (one of ``rawKeys``), if it is there.
    func raw(_ key: String) -> InspectorRawJSON? {
        ranges[key].map { InspectorRawJSON(line.subdata(in: $0)) }
    }

    /// The ranges of the values of ``rawKeys`` in `json`, a JSON object
    /// (``JSONValue`` read it: it is well formed).
    private static func valueRanges(in json: UnsafeBufferPointer<UInt8>) -> [String: Range<Int>] {
        var ranges: [String: Range<Int>] = [:]
        var index = skipSpace(json, from: 0)
        guard index < json.count, json[index] == UInt8(ascii: "{") else { return [:] }
        index += 1
        while true {
            index = skipSpace(json, from: index)
            guard index < json.count, json[index] == UInt8(ascii: "\"") else { return ranges }
            let keyEnd = endOfString(json, from: index)
            // The keys the log writes have no escapes; one that has is not ours.
            let key = rawKey(UnsafeBufferPointer(rebasing: json[(index + 1)..<(keyEnd - 1)]))
            index = skipSpace(json, from: keyEnd)
            guard index < json.count, json[index] == UInt8(ascii: ":") else { return ranges }
            let start = skipSpace(json, from: index + 1)
            let end = endOfValue(json, from: start)
            if let key { ranges[key] = start..<end }
            index = skipSpace(json, from: end)
            guard index < json.count, json[index] == UInt8(ascii: ",") else { return ranges }
            index += 1
        }
    }

    private static func skipSpace(_ json: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < json.count, isSpace(json[index]) { index += 1 }
        return index
    }

    /// The one of ``rawKeys`` whose UTF-8 is `bytes`, if one is (compared
    /// byte for byte: no string is made for the other keys of a line).
    private static func rawKey(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        for (key, utf8) in rawKeyBytes where utf8.count == bytes.count && utf8.elementsEqual(bytes) {
            return key
        }
        return nil
    }

    /// ``rawKeys`` with their UTF-8.
    private static let rawKeyBytes: [(String, [UInt8])] = rawKeys.map { ($0, Array($0.utf8)) }

    /// Whether `byte` is JSON's whitespace.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The index after the string starting (with its quote) at `start`.
    private static func endOfString(_ json: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start + 1
        while index < json.count {
            switch json[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return json.count
    }

    /// The index after the value starting at `start`.
    private static func endOfValue(_ json: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < json.count else { return start }
        switch json[start] {
        case UInt8(ascii: "\""):
            return endOfString(json, from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while index < json.count {
                switch json[index] {
                case UInt8(ascii: "\""):
                    index = endOfString(json, from: index)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            return json.count
        default:
            var index = start
            while index < json.count, json[index] != UInt8(ascii: ","), json[index] != UInt8(ascii: "}"),
                !isSpace(json[index])
            {
                index += 1
            }
            return index
        }
    }
}
