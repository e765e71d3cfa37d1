import Foundation

// The containers of ``ActionLogEncoder``: each names the object or array it
// writes to by the frame's id and position, and the encoder refuses (and falls
// back to `JSONEncoder`) when that frame is no longer the one being written.

/// An array's container.
struct ActionLogUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: ActionLogEncoder
    let id: UInt32
    let index: Int
    private(set) var count = 0

    init(encoder: ActionLogEncoder, id: UInt32, index: Int) {
        self.encoder = encoder
        self.id = id
        self.index = index
    }

    var codingPath: [any CodingKey] { [] }

    private mutating func begin() throws {
        try encoder.beginElement(of: id, at: index, key: nil)
        count += 1
    }

    mutating func encodeNil() throws {
        try begin()
        encoder.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        try begin()
        encoder.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        try begin()
        encoder.writeString(value)
    }

    mutating func encode(_ value: Double) throws {
        try begin()
        try encoder.writeFloatingPoint(value)
    }

    mutating func encode(_ value: Float) throws {
        try begin()
        try encoder.writeFloatingPoint(value)
    }

    mutating func encode(_ value: Int) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int8) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int16) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int32) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int64) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt8) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt16) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt32) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt64) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try begin()
        try encoder.encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        guard (try? begin()) != nil else {
            encoder.giveUp()
            return KeyedEncodingContainer(ActionLogKeyedContainer<NestedKey>(encoder: encoder, id: 0, index: 0))
        }
        let (id, index) = encoder.openNested(isObject: true)
        return KeyedEncodingContainer(ActionLogKeyedContainer<NestedKey>(encoder: encoder, id: id, index: index))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        guard (try? begin()) != nil else {
            encoder.giveUp()
            return ActionLogUnkeyedContainer(encoder: encoder, id: 0, index: 0)
        }
        let (id, index) = encoder.openNested(isObject: false)
        return ActionLogUnkeyedContainer(encoder: encoder, id: id, index: index)
    }

    mutating func superEncoder() -> any Encoder {
        encoder.giveUp()
        return encoder
    }
}

/// A single value's container: it may write one value, in the slot of the
/// value that asked for it.
struct ActionLogSingleValueContainer: SingleValueEncodingContainer {
    let encoder: ActionLogEncoder
    let serial: UInt32

    var codingPath: [any CodingKey] { [] }

    private func begin() throws {
        try encoder.beginSingleValue(serial: serial)
    }

    mutating func encodeNil() throws {
        try begin()
        encoder.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        try begin()
        encoder.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        try begin()
        encoder.writeString(value)
    }

    mutating func encode(_ value: Double) throws {
        try begin()
        try encoder.writeFloatingPoint(value)
    }

    mutating func encode(_ value: Float) throws {
        try begin()
        try encoder.writeFloatingPoint(value)
    }

    mutating func encode(_ value: Int) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int8) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int16) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int32) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int64) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt8) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt16) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt32) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt64) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try begin()
        try encoder.encodeValue(value)
    }
}
