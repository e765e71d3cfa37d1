import Foundation

/// Decodes a saved state straight from the file's bytes, without the token
/// map `JSONDecoder` builds over the whole file first (two to three times the
/// file's size for a state of many small values): restoring then peaks at
/// about the file plus the state it holds.
///
/// It only ever answers as `JSONDecoder` would. Any error at all while
/// decoding (a type mismatch, a missing key, JSON it declines, such as an
/// integer written `1.0`, a `Decimal`, a duplicate key), even one the type's
/// own `init(from:)` catches, discards its result, and ``decode(_:from:userInfo:)``
/// decodes with `JSONDecoder` instead, whose result or error stands. So it
/// is used only when a decode takes the plain path, where the two agree.
enum PersistenceJSONDecoder {
    /// Decodes `type` from `data`: in place, or with `JSONDecoder` if that
    /// declined (see the type's documentation).
    static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> T {
        if let value = inPlace(type, from: data, userInfo: userInfo) { return value }
        let decoder = JSONDecoder()
        decoder.userInfo = userInfo
        return try decoder.decode(type, from: data)
    }

    /// Decodes in place; `nil` if anything went wrong on the way.
    static func inPlace<T: Decodable>(
        _ type: T.Type, from data: Data, userInfo: [CodingUserInfoKey: any Sendable]
    ) -> T? {
        data.withUnsafeBytes { raw -> T? in
            let scanner = PersistenceJSONScanner(bytes: raw.bindMemory(to: UInt8.self))
            let session = PersistenceDecodingSession(scanner: scanner, userInfo: userInfo)
            let start = scanner.skipSpace(0)
            // The whole file is checked first, so nothing skipped later can hide bad JSON.
            guard let end = try? scanner.skipValue(start), scanner.skipSpace(end) == raw.count else { return nil }
            let value = try? PersistenceValueDecoder(session: session, offset: start, parent: nil, key: nil)
                .decodeValue(type)
            return session.declined ? nil : value
        }
    }
}

/// What every decoder of one decode shares: the bytes, and whether any error
/// was thrown (which discards the result, caught or not).
final class PersistenceDecodingSession {
    let scanner: PersistenceJSONScanner
    let userInfo: [CodingUserInfoKey: Any]
    private(set) var declined = false

    init(scanner: PersistenceJSONScanner, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.scanner = scanner
        self.userInfo = userInfo
    }

    /// The error to throw, noted so the result is discarded.
    func decline(_ reason: String, at path: [any CodingKey]) -> DecodingError {
        declined = true
        return DecodingError.dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: reason))
    }

    /// Runs a scanner call, noting its failure.
    func scan<Result>(
        _ path: @autoclosure () -> [any CodingKey], _ body: () throws(PersistenceJSONScanner.Declined) -> Result
    )
        throws -> Result
    {
        do throws(PersistenceJSONScanner.Declined) {
            return try body()
        } catch {
            throw decline(error.reason, at: path())
        }
    }
}

/// A decoder for the value at one offset.
final class PersistenceValueDecoder: Decoder, SingleValueDecodingContainer {
    let session: PersistenceDecodingSession
    let offset: Int
    /// The decoder of the enclosing value and this value's key in it: the
    /// coding path is worked out only when asked for.
    private let parent: PersistenceValueDecoder?
    private let key: (any CodingKey)?

    init(session: PersistenceDecodingSession, offset: Int, parent: PersistenceValueDecoder?, key: (any CodingKey)?) {
        self.session = session
        self.offset = offset
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        (parent?.codingPath ?? []) + (key.map { [$0] } ?? [])
    }

    var userInfo: [CodingUserInfoKey: Any] { session.userInfo }

    var scanner: PersistenceJSONScanner { session.scanner }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try PersistenceKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try PersistenceUnkeyedContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    /// A decoder for the value at `offset` inside this one, under `key`.
    func child(at offset: Int, key: any CodingKey) -> PersistenceValueDecoder {
        PersistenceValueDecoder(session: session, offset: offset, parent: self, key: key)
    }

    /// Decodes this value as `type`, with `JSONDecoder`'s encodings of the
    /// types it treats specially (a URL and `Data` are strings; a `Decimal` is
    /// declined).
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == URL.self {
            guard let url = URL(string: try decode(String.self)) else {
                throw session.decline("an invalid URL", at: codingPath)
            }
            return url as! T
        }
        if T.self == Data.self {
            guard let data = Data(base64Encoded: try decode(String.self)) else {
                throw session.decline("invalid base64", at: codingPath)
            }
            return data as! T
        }
        if T.self == Decimal.self { throw session.decline("a Decimal", at: codingPath) }
        return try T(from: self)
    }

    func decodeNil() -> Bool {
        scanner.byte(offset) == UInt8(ascii: "n")
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        switch scanner.byte(offset) {
        case UInt8(ascii: "t"): return true
        case UInt8(ascii: "f"): return false
        default: throw session.decline("expected a Bool", at: codingPath)
        }
    }

    func decode(_ type: String.Type) throws -> String {
        guard scanner.byte(offset) == UInt8(ascii: "\"") else {
            throw session.decline("expected a string", at: codingPath)
        }
        return try session.scan(codingPath) { () throws(PersistenceJSONScanner.Declined) in
            try scanner.string(offset).value
        }
    }

    /// An integer written as digits only; anything else (a fraction, an
    /// exponent, an unsigned `-0`, too large) is declined.
    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let first = scanner.byte(offset)
        guard first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw session.decline("expected a number", at: codingPath)
        }
        let range = try session.scan(codingPath) { () throws(PersistenceJSONScanner.Declined) in
            try scanner.number(offset)
        }
        let negative = first == UInt8(ascii: "-")
        if negative && !T.isSigned { throw session.decline("a negative unsigned integer", at: codingPath) }
        var value: T = 0
        for index in (negative ? range.lowerBound + 1 : range.lowerBound)..<range.upperBound {
            let digit = scanner.bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { throw session.decline("not an integer", at: codingPath) }
            let (shifted, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowAdd) =
                negative
                ? shifted.subtractingReportingOverflow(T(digit)) : shifted.addingReportingOverflow(T(digit))
            guard !overflowTimes && !overflowAdd else { throw session.decline("an integer too large", at: codingPath) }
            value = next
        }
        return value
    }

    /// A finite floating-point number, parsed by `T(String)` as `JSONDecoder` does.
    func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type) throws -> T {
        let first = scanner.byte(offset)
        guard first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw session.decline("expected a number", at: codingPath)
        }
        let range = try session.scan(codingPath) { () throws(PersistenceJSONScanner.Declined) in
            try scanner.number(offset)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[range]), as: UTF8.self)
        guard let value = T(text), value.isFinite else {
            throw session.decline("a number out of range", at: codingPath)
        }
        return value
    }

    func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
    func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }
}
