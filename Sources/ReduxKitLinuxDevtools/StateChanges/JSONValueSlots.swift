/// Where ``JSONValueReader`` reads one value from: a `Decoder`, an object's
/// member, or an array's next element. Asking a slot for a kind its value is
/// not throws, and leaves the slot as it was.
protocol JSONValueSlot {
    /// Where the slot is in the document.
    /// Where the value is in the document.
    var codingPath: [any CodingKey] { get }
    /// Whether the value is `null` (an array's element is then passed over).
    mutating func decodeNil() throws -> Bool
    /// The value, as a `T`.
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T
    /// The value's members, if it is an object.
    mutating func keyedContainer() throws -> KeyedDecodingContainer<JSONKey>
    /// The value's elements, if it is an array.
    mutating func unkeyedContainer() throws -> any UnkeyedDecodingContainer
    /// The value as a `Double`, if it is a number, and as an `Int64` too, if
    /// it is a whole number that `Int64` reads; both read from the one value.
    mutating func decodeDoubleAndWholeNumber() -> (Double, Int64?)?
}

extension JSONValueSlot {
    /// Reads the value twice: for a slot that reads the same value again
    /// (not an array's next element).
    func decodeDoubleAndWholeNumber() -> (Double, Int64?)? {
        var slot = self
        guard let double = try? slot.decode(Double.self) else { return nil }
        return (double, double.rounded() == double ? try? slot.decode(Int64.self) : nil)
    }
}

/// Any key of a JSON object.
struct JSONKey: CodingKey {
    /// The key.
    let stringValue: String
    /// A key's index, never: the devtools' JSON has no integer keys.
    var intValue: Int? { nil }

    /// The key `stringValue`.
    init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// No key: an object's keys are strings.
    init?(intValue: Int) {
        nil
    }
}

/// The value a `Decoder` decodes (the document itself).
struct JSONDecoderSlot: JSONValueSlot {
    /// The decoder of the document.
    let decoder: any Decoder

    /// Where the value is in the document.
    var codingPath: [any CodingKey] { decoder.codingPath }

    /// Whether the value is `null`.
    func decodeNil() throws -> Bool {
        try decoder.singleValueContainer().decodeNil()
    }

    /// The value, as a `T`.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.singleValueContainer().decode(type)
    }

    /// The value's members, if it is an object.
    func keyedContainer() throws -> KeyedDecodingContainer<JSONKey> {
        try decoder.container(keyedBy: JSONKey.self)
    }

    /// The value's elements, if it is an array.
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try decoder.unkeyedContainer()
    }
}

/// The member `key` of an object.
struct JSONMemberSlot: JSONValueSlot {
    /// The object.
    let container: KeyedDecodingContainer<JSONKey>
    /// The member's key, one of the object's.
    let key: JSONKey

    /// Where the value is in the document.
    var codingPath: [any CodingKey] { container.codingPath + [key] }

    /// Whether the value is `null`.
    func decodeNil() throws -> Bool {
        try container.decodeNil(forKey: key)
    }

    /// The value, as a `T`.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try container.decode(type, forKey: key)
    }

    /// The value's members, if it is an object.
    func keyedContainer() throws -> KeyedDecodingContainer<JSONKey> {
        try container.nestedContainer(keyedBy: JSONKey.self, forKey: key)
    }

    /// The value's elements, if it is an array.
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try container.nestedUnkeyedContainer(forKey: key)
    }
}

/// The next element of an array; reading it moves on to the one after.
struct JSONElementSlot: JSONValueSlot {
    /// The array, at the element to read next.
    var container: any UnkeyedDecodingContainer

    /// Where the value is in the document.
    var codingPath: [any CodingKey] { container.codingPath }

    /// Whether the element is `null`; if it is, the array moves on past it.
    mutating func decodeNil() throws -> Bool {
        try container.decodeNil()
    }

    /// The element, as a `T`; the array moves on past it.
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try container.decode(type)
    }

    /// The element's members, if it is an object; the array moves on past it.
    mutating func keyedContainer() throws -> KeyedDecodingContainer<JSONKey> {
        try container.nestedContainer(keyedBy: JSONKey.self)
    }

    /// The element's elements, if it is an array; the array moves on past it.
    mutating func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try container.nestedUnkeyedContainer()
    }

    /// Reads the `Double` from a copy of the container, so that a whole
    /// number can be read again, as an `Int64`, from the container itself,
    /// which has not moved on (`JSONDecoder`'s container is a value: its copy
    /// moves on alone).
    mutating func decodeDoubleAndWholeNumber() -> (Double, Int64?)? {
        var probe = container
        guard let double = try? probe.decode(Double.self) else { return nil }
        if double.rounded() == double, let integer = try? container.decode(Int64.self) { return (double, integer) }
        container = probe
        return (double, nil)
    }
}
