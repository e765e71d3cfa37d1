import Foundation

/// The top-level fields of one action log line, found in one pass over its
/// bytes (``ActionLogLineFormat``): where each known field's value is, read
/// into a Swift value only when asked for, and the large ones (`payload`,
/// `state`, `changes`) handed out as their bytes, for a decoder or the
/// inspector page, never decoded here.
///
/// The pass checks the line's shape (one object, keys and values in order,
/// strings and brackets closed) but not the inside of the values; what a
/// value holds is checked by whoever reads it. It never recurses, so a line
/// nested a million levels deep costs a counter, not a stack.
struct ActionLogLineFields {
    /// Why a line's fields could not all be read.
    enum Problem: Equatable {
        /// The line is not an object (nothing, or another JSON value, or not JSON).
        case notAnObject
        /// The line ends before its object closes: a line a crash cut short.
        case cutShort
        /// Something other than JSON's grammar at this byte offset.
        case malformed(at: Int)
    }

    /// A field a reader needs that the line lacks, or holds a value of
    /// another type in.
    struct Absent: Error, Equatable, CustomStringConvertible {
        /// The field.
        let field: ActionLogLineFormat.Field
        /// "no readable "payload" field".
        var description: String { "no readable \"\(field.name)\" field" }
    }

    /// The line.
    let line: Data
    /// Why the pass stopped before the end of the object; `nil` when it read
    /// it whole, or stopped at the field asked for.
    private(set) var problem: Problem?
    /// Where each field's value is in ``line`` (offsets from its start), by ``ActionLogLineFormat/Field``.
    private var ranges: [Range<Int>?] = Array(repeating: nil, count: Self.fields.count)

    /// The fields with their names' bytes, in ``ActionLogLineFormat/Field``'s order.
    private static let fields = ActionLogLineFormat.Field.allCases
    private static let names = fields.map { Array($0.name.utf8) }

    /// Reads `line`'s fields; with `stop`, stops when it meets that field's
    /// name (its value, and what follows, are not read: `stop` is then absent).
    init(_ line: Data, stoppingAt stop: ActionLogLineFormat.Field? = nil) {
        self.line = line
        let stopIndex = stop.map { Self.index(of: $0) }
        var found = ranges
        problem = line.withUnsafeBytes { raw in
            Self.scan(raw.bindMemory(to: UInt8.self), stoppingAt: stopIndex, into: &found)
        }
        ranges = found
    }

    /// Whether the field is in the line.
    func has(_ field: ActionLogLineFormat.Field) -> Bool {
        ranges[Self.index(of: field)] != nil
    }

    /// The bytes of the field's value, as they are in the line.
    func raw(_ field: ActionLogLineFormat.Field) -> Data? {
        ranges[Self.index(of: field)].map {
            line.subdata(in: (line.startIndex + $0.lowerBound)..<(line.startIndex + $0.upperBound))
        }
    }

    /// Whether the field is `true`.
    func isTrue(_ field: ActionLogLineFormat.Field) -> Bool {
        guard let range = ranges[Self.index(of: field)] else { return false }
        return bytes(range).elementsEqual("true".utf8)
    }

    /// The field's value if it is a string (escapes read as JSON reads them;
    /// not valid UTF-8: `nil`).
    func string(_ field: ActionLogLineFormat.Field) -> String? {
        guard let range = ranges[Self.index(of: field)] else { return nil }
        let value = bytes(range)
        guard value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") else { return nil }
        if !value.contains(UInt8(ascii: "\\")) {
            return String(validating: value.dropFirst().dropLast(), as: UTF8.self)
        }
        return (try? JSONSerialization.jsonObject(with: Data(value), options: [.fragmentsAllowed])) as? String
    }

    /// The field's value if it is an integer that fits an `Int`.
    func integer(_ field: ActionLogLineFormat.Field) -> Int? {
        guard let range = ranges[Self.index(of: field)] else { return nil }
        let value = bytes(range)
        let negative = value.first == UInt8(ascii: "-")
        let digits = negative ? value.dropFirst() : value[...]
        guard !digits.isEmpty, digits.count < 19, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let magnitude = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return negative ? -magnitude : magnitude
    }

    /// The bytes at `range` of the line.
    private func bytes(_ range: Range<Int>) -> Data.SubSequence {
        line[(line.startIndex + range.lowerBound)..<(line.startIndex + range.upperBound)]
    }

    /// The field's slot (`allCases` lists the cases in the order of their raw values, from 0).
    private static func index(of field: ActionLogLineFormat.Field) -> Int {
        field.rawValue
    }
}

extension ActionLogLineFields {
    /// One pass over `json`, an object's bytes: fills `ranges` with the
    /// values of the known fields; returns why it stopped early, if it did.
    private static func scan(
        _ json: UnsafeBufferPointer<UInt8>, stoppingAt stop: Int?, into ranges: inout [Range<Int>?]
    ) -> Problem? {
        var index = skipSpace(json, from: 0)
        guard index < json.count, json[index] == UInt8(ascii: "{") else { return .notAnObject }
        index = skipSpace(json, from: index + 1)
        if index < json.count, json[index] == UInt8(ascii: "}") { return trailing(json, after: index + 1) }
        while true {
            guard index < json.count else { return .cutShort }
            guard json[index] == UInt8(ascii: "\"") else { return .malformed(at: index) }
            guard let keyEnd = endOfString(json, from: index) else { return .cutShort }
            let field = known(UnsafeBufferPointer(rebasing: json[(index + 1)..<(keyEnd - 1)]))
            if let field, field == stop { return nil }
            index = skipSpace(json, from: keyEnd)
            guard index < json.count else { return .cutShort }
            guard json[index] == UInt8(ascii: ":") else { return .malformed(at: index) }
            let start = skipSpace(json, from: index + 1)
            guard start < json.count else { return .cutShort }
            guard let end = endOfValue(json, from: start) else { return .cutShort }
            guard end > start else { return .malformed(at: start) }
            if let field { ranges[field] = start..<end }
            index = skipSpace(json, from: end)
            guard index < json.count else { return .cutShort }
            switch json[index] {
            case UInt8(ascii: ","): index = skipSpace(json, from: index + 1)
            case UInt8(ascii: "}"): return trailing(json, after: index + 1)
            default: return .malformed(at: index)
            }
        }
    }

    /// `nil` when only spaces follow the object's end, else where the rest starts.
    private static func trailing(_ json: UnsafeBufferPointer<UInt8>, after end: Int) -> Problem? {
        let rest = skipSpace(json, from: end)
        return rest == json.count ? nil : .malformed(at: rest)
    }

    /// The index in ``fields`` of the name `bytes` (compared byte for byte:
    /// no string is made for a name), or `nil` for a name not known (one with
    /// escapes, which the writer never writes, is not known).
    private static func known(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        for (index, name) in names.enumerated() where name.count == bytes.count && name.elementsEqual(bytes) {
            return index
        }
        return nil
    }

    private static func skipSpace(_ json: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < json.count, isSpace(json[index]) { index += 1 }
        return index
    }

    /// Whether `byte` is JSON's whitespace.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The index after the string starting (with its quote) at `start`; `nil` if it does not close.
    private static func endOfString(_ json: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start + 1
        while index < json.count {
            switch json[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return nil
    }

    /// The index after the value starting at `start`; `nil` if the line ends inside it.
    private static func endOfValue(_ json: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        switch json[start] {
        case UInt8(ascii: "\""):
            return endOfString(json, from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while index < json.count {
                switch json[index] {
                case UInt8(ascii: "\""):
                    guard let end = endOfString(json, from: index) else { return nil }
                    index = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            return nil
        default:
            var index = start
            while index < json.count, json[index] != UInt8(ascii: ","), json[index] != UInt8(ascii: "}"),
                json[index] != UInt8(ascii: "]"), !isSpace(json[index])
            {
                index += 1
            }
            return index == json.count ? nil : index
        }
    }
}
