/// An object's members, found in one pass over it (their keys' byte ranges
/// and where their values start) and looked up by comparing bytes; a
/// duplicate key is declined. Not generic, so it runs specialised whatever
/// the keys' type.
struct PersistenceObjectMembers {
    private struct Member {
        let key: Range<Int>
        let escaped: Bool
        let value: Int
    }

    private let members: [Member]
    /// The members by key text, for objects too large to search one by one.
    private let index: [String: Int]?

    /// Objects with more members than this are indexed by key.
    private static var searchLimit: Int { 12 }

    init(of offset: Int, in scanner: PersistenceJSONScanner) throws(PersistenceJSONScanner.Declined) {
        var members: [Member] = []
        _ = try scanner.members(of: offset) { key, escaped, value in
            members.append(Member(key: key, escaped: escaped, value: value))
        }
        self.members = members
        guard members.count > Self.searchLimit else {
            index = nil
            for (position, member) in members.enumerated() {
                for other in members[..<position] where try Self.sameKey(member, other, scanner) {
                    throw scanner.decline(member.key.lowerBound, "a duplicate key")
                }
            }
            return
        }
        var index: [String: Int] = [:]
        for member in members {
            let text = try scanner.text(member.key, escaped: member.escaped)
            guard index.updateValue(member.value, forKey: text) == nil else {
                throw scanner.decline(member.key.lowerBound, "a duplicate key")
            }
        }
        self.index = index
    }

    private static func sameKey(
        _ one: Member, _ other: Member, _ scanner: PersistenceJSONScanner
    ) throws(PersistenceJSONScanner.Declined) -> Bool {
        if one.escaped || other.escaped {
            return try scanner.text(one.key, escaped: one.escaped) == scanner.text(other.key, escaped: other.escaped)
        }
        return scanner.bytes[one.key].elementsEqual(scanner.bytes[other.key])
    }

    /// The keys, in the file's order.
    func keys(in scanner: PersistenceJSONScanner) -> [String] {
        members.compactMap { try? scanner.text($0.key, escaped: $0.escaped) }
    }

    /// Where the value for `name` starts, if the object has it.
    func find(_ name: String, in scanner: PersistenceJSONScanner) -> Int? {
        if let index { return index[name] }
        var name = name
        return name.withUTF8 { wanted in
            for member in members {
                if member.escaped {
                    if (try? scanner.text(member.key, escaped: true)).map({ $0.utf8.elementsEqual(wanted) }) == true {
                        return member.value
                    }
                } else if scanner.bytes[member.key].elementsEqual(wanted) {
                    return member.value
                }
            }
            return nil
        }
    }
}

/// The keyed container of ``PersistenceValueDecoder``, over an object's
/// ``PersistenceObjectMembers``.
struct PersistenceKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: PersistenceValueDecoder
    private let members: PersistenceObjectMembers

    init(decoder: PersistenceValueDecoder) throws {
        self.decoder = decoder
        let session = decoder.session
        guard session.scanner.byte(decoder.offset) == UInt8(ascii: "{") else {
            throw session.decline("expected an object", at: decoder.codingPath)
        }
        members = try session.scan(decoder.codingPath) { () throws(PersistenceJSONScanner.Declined) in
            try PersistenceObjectMembers(of: decoder.offset, in: session.scanner)
        }
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        members.keys(in: decoder.scanner).compactMap { Key(stringValue: $0) }
    }

    /// The decoder of the value for `key`; `keyNotFound` if there is none.
    private func child(_ key: Key) throws -> PersistenceValueDecoder {
        guard let offset = members.find(key.stringValue, in: decoder.scanner) else {
            throw decoder.session.decline("no value for \(key.stringValue)", at: codingPath + [key])
        }
        return decoder.child(at: offset, key: key)
    }

    func contains(_ key: Key) -> Bool { members.find(key.stringValue, in: decoder.scanner) != nil }
    func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decodeValue(type) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        guard let key = Key(stringValue: "super") else {
            throw decoder.session.decline("no super key", at: codingPath)
        }
        return try child(key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

/// The unkeyed container of ``PersistenceValueDecoder``: a cursor over an
/// array's elements.
struct PersistenceUnkeyedContainer: UnkeyedDecodingContainer {
    /// An element's position, as a coding key.
    private struct Position: CodingKey {
        let intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    let decoder: PersistenceValueDecoder
    /// Where the next element starts, or the closing bracket.
    private var cursor: Int
    private(set) var currentIndex = 0

    init(decoder: PersistenceValueDecoder) throws {
        self.decoder = decoder
        guard decoder.scanner.byte(decoder.offset) == UInt8(ascii: "[") else {
            throw decoder.session.decline("expected an array", at: decoder.codingPath)
        }
        cursor = decoder.scanner.skipSpace(decoder.offset + 1)
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var isAtEnd: Bool { decoder.scanner.byte(cursor) == UInt8(ascii: "]") }

    var count: Int? {
        var count = 0
        var copy = self
        while !copy.isAtEnd, (try? copy.next()) != nil { count += 1 }
        return currentIndex + count
    }

    /// The next element's decoder; moves past it.
    private mutating func next() throws -> PersistenceValueDecoder {
        let scanner = decoder.scanner
        guard !isAtEnd else { throw decoder.session.decline("no more elements", at: codingPath) }
        let start = cursor
        let end = try decoder.session.scan(codingPath) { () throws(PersistenceJSONScanner.Declined) in
            try scanner.skipValue(start)
        }
        cursor = scanner.skipSpace(end)
        if scanner.byte(cursor) == UInt8(ascii: ",") { cursor = scanner.skipSpace(cursor + 1) }
        defer { currentIndex += 1 }
        return decoder.child(at: start, key: Position(intValue: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.scanner.byte(cursor) == UInt8(ascii: "n") else { return false }
        _ = try next()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next() }
}
