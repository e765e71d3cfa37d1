/// Reads JSON in place, from the bytes of a saved state, for
/// ``PersistenceJSONDecoder``: validates and skips values, finds the members
/// of objects, and parses strings and numbers, without building a tree.
///
/// It is strict: anything that is not JSON as `JSONEncoder` writes it and
/// `JSONDecoder` reads it (trailing bytes, a lone surrogate, a control
/// character in a string, a number that does not fit) throws, and restoring
/// then falls back to `JSONDecoder`, whose verdict stands.
struct PersistenceJSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>

    /// Why the bytes were declined.
    struct Declined: Error {
        let offset: Int
        let reason: String
    }

    /// How deep objects and arrays may nest, as in `JSONDecoder`.
    static let maximumDepth = 512

    func decline(_ offset: Int, _ reason: String) -> Declined {
        Declined(offset: offset, reason: reason)
    }

    /// The byte at `offset`, or 0 past the end.
    @inline(__always)
    func byte(_ offset: Int) -> UInt8 {
        offset < bytes.count ? bytes[offset] : 0
    }

    /// The first offset from `offset` that is not JSON whitespace.
    func skipSpace(_ offset: Int) -> Int {
        var offset = offset
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return offset
            }
        }
        return offset
    }

    /// Where the value starting at `offset` ends, having checked it is valid.
    func skipValue(_ offset: Int, depth: Int = 0) throws(Declined) -> Int {
        guard depth < Self.maximumDepth else { throw decline(offset, "nested too deeply") }
        switch byte(offset) {
        case UInt8(ascii: "{"):
            return try members(of: offset, depth: depth) { _, _, _ in }
        case UInt8(ascii: "["):
            var cursor = skipSpace(offset + 1)
            if byte(cursor) == UInt8(ascii: "]") { return cursor + 1 }
            while true {
                cursor = skipSpace(try skipValue(cursor, depth: depth + 1))
                switch byte(cursor) {
                case UInt8(ascii: ","): cursor = skipSpace(cursor + 1)
                case UInt8(ascii: "]"): return cursor + 1
                default: throw decline(cursor, "expected , or ] in an array")
                }
            }
        case UInt8(ascii: "\""): return try stringEnd(offset).end
        case UInt8(ascii: "t"): return try literal("true", at: offset)
        case UInt8(ascii: "f"): return try literal("false", at: offset)
        case UInt8(ascii: "n"): return try literal("null", at: offset)
        default: return try number(offset).upperBound
        }
    }

    /// Walks the object at `offset`, calling `member` with each key's range
    /// (inside the quotes), whether the key has escapes, and where its value
    /// starts. Returns where the object ends.
    func members(
        of offset: Int, depth: Int = 0, _ member: (Range<Int>, Bool, Int) throws(Declined) -> Void
    ) throws(Declined) -> Int {
        guard byte(offset) == UInt8(ascii: "{") else { throw decline(offset, "expected an object") }
        var cursor = skipSpace(offset + 1)
        if byte(cursor) == UInt8(ascii: "}") { return cursor + 1 }
        while true {
            guard byte(cursor) == UInt8(ascii: "\"") else { throw decline(cursor, "expected a key") }
            let keyStart = cursor
            let (keyEnd, escaped) = try stringEnd(cursor)
            cursor = skipSpace(keyEnd)
            guard byte(cursor) == UInt8(ascii: ":") else { throw decline(cursor, "expected :") }
            let value = skipSpace(cursor + 1)
            try member(keyStart + 1..<keyEnd - 1, escaped, value)
            cursor = skipSpace(try skipValue(value, depth: depth + 1))
            switch byte(cursor) {
            case UInt8(ascii: ","): cursor = skipSpace(cursor + 1)
            case UInt8(ascii: "}"): return cursor + 1
            default: throw decline(cursor, "expected , or } in an object")
            }
        }
    }

    /// Where the literal `word` at `offset` ends.
    func literal(_ word: StaticString, at offset: Int) throws(Declined) -> Int {
        let length = word.utf8CodeUnitCount
        guard offset + length <= bytes.count else { throw decline(offset, "unexpected end") }
        for index in 0..<length where bytes[offset + index] != word.utf8Start[index] {
            throw decline(offset, "unexpected literal")
        }
        return offset + length
    }

    /// The string at `offset` (a quote) ends after its closing quote; whether
    /// it holds escapes. Checks it has no raw control character.
    func stringEnd(_ offset: Int) throws(Declined) -> (end: Int, escaped: Bool) {
        var cursor = offset + 1
        var escaped = false
        while cursor < bytes.count {
            switch bytes[cursor] {
            case UInt8(ascii: "\""): return (cursor + 1, escaped)
            case UInt8(ascii: "\\"):
                escaped = true
                cursor += 2
            case ..<0x20: throw decline(cursor, "a control character in a string")
            default: cursor += 1
            }
        }
        throw decline(offset, "an unterminated string")
    }

    /// The string at `offset`, unescaped, and where it ends.
    func string(_ offset: Int) throws(Declined) -> (value: String, end: Int) {
        guard byte(offset) == UInt8(ascii: "\"") else { throw decline(offset, "expected a string") }
        let (end, escaped) = try stringEnd(offset)
        return (try text(offset + 1..<end - 1, escaped: escaped), end)
    }

    /// The text of a string's contents (inside its quotes).
    func text(_ range: Range<Int>, escaped: Bool) throws(Declined) -> String {
        guard escaped else {
            guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            else { throw decline(range.lowerBound, "invalid UTF-8") }
            return text
        }
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        var cursor = range.lowerBound
        func flush() throws(Declined) {
            guard !utf8.isEmpty else { return }
            guard let text = String(validating: utf8, as: UTF8.self) else { throw decline(cursor, "invalid UTF-8") }
            scalars.append(contentsOf: text.unicodeScalars)
            utf8.removeAll(keepingCapacity: true)
        }
        while cursor < range.upperBound {
            let current = bytes[cursor]
            guard current == UInt8(ascii: "\\") else {
                utf8.append(current)
                cursor += 1
                continue
            }
            try flush()
            let scalar: Unicode.Scalar
            switch byte(cursor + 1) {
            case UInt8(ascii: "\""): scalar = "\""
            case UInt8(ascii: "\\"): scalar = "\\"
            case UInt8(ascii: "/"): scalar = "/"
            case UInt8(ascii: "b"): scalar = "\u{08}"
            case UInt8(ascii: "f"): scalar = "\u{0C}"
            case UInt8(ascii: "n"): scalar = "\n"
            case UInt8(ascii: "r"): scalar = "\r"
            case UInt8(ascii: "t"): scalar = "\t"
            case UInt8(ascii: "u"):
                (scalar, cursor) = try unicodeEscape(cursor)
                scalars.append(scalar)
                continue
            default: throw decline(cursor, "an invalid escape")
            }
            scalars.append(scalar)
            cursor += 2
        }
        try flush()
        return String(scalars)
    }

    /// The scalar of the `\u` escape at `offset` (with its low surrogate, if
    /// it is a high one), and where the escape ends.
    private func unicodeEscape(_ offset: Int) throws(Declined) -> (Unicode.Scalar, Int) {
        let first = try hex(offset + 2)
        if (0xD800..<0xDC00).contains(first) {
            guard byte(offset + 6) == UInt8(ascii: "\\"), byte(offset + 7) == UInt8(ascii: "u") else {
                throw decline(offset, "a lone surrogate")
            }
            let second = try hex(offset + 8)
            guard (0xDC00..<0xE000).contains(second),
                let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            else { throw decline(offset, "an invalid surrogate pair") }
            return (scalar, offset + 12)
        }
        guard let scalar = Unicode.Scalar(first) else { throw decline(offset, "a lone surrogate") }
        return (scalar, offset + 6)
    }

    /// The four hexadecimal digits at `offset`.
    private func hex(_ offset: Int) throws(Declined) -> UInt32 {
        var value: UInt32 = 0
        for index in offset..<offset + 4 {
            let digit: UInt8
            switch byte(index) {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte(index) - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte(index) - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte(index) - UInt8(ascii: "A") + 10
            default: throw decline(index, "an invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The range of the JSON number at `offset`, checked against JSON's grammar.
    func number(_ offset: Int) throws(Declined) -> Range<Int> {
        var cursor = offset
        func digits() -> Int {
            let start = cursor
            while case UInt8(ascii: "0")...UInt8(ascii: "9") = byte(cursor) { cursor += 1 }
            return cursor - start
        }
        if byte(cursor) == UInt8(ascii: "-") { cursor += 1 }
        let leadingZero = byte(cursor) == UInt8(ascii: "0")
        let integer = digits()
        guard integer > 0, !(leadingZero && integer > 1) else { throw decline(offset, "an invalid number") }
        if byte(cursor) == UInt8(ascii: ".") {
            cursor += 1
            guard digits() > 0 else { throw decline(offset, "an invalid number") }
        }
        if byte(cursor) == UInt8(ascii: "e") || byte(cursor) == UInt8(ascii: "E") {
            cursor += 1
            if byte(cursor) == UInt8(ascii: "+") || byte(cursor) == UInt8(ascii: "-") { cursor += 1 }
            guard digits() > 0 else { throw decline(offset, "an invalid number") }
        }
        return offset..<cursor
    }
}
