import Foundation

// The object container of ``ActionLogEncoder``; see ActionLogEncoderContainers.swift.

/// An object's container.
struct ActionLogKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ActionLogEncoder
    let id: UInt32
    let index: Int

    var codingPath: [any CodingKey] { [] }

    private func begin(_ key: Key) throws {
        try encoder.beginElement(of: id, at: index, key: key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws {
        try begin(key)
        encoder.writeNull()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try begin(key)
        encoder.writeBool(value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try begin(key)
        encoder.writeString(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        try begin(key)
        try encoder.writeFloatingPoint(value)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try begin(key)
        try encoder.writeFloatingPoint(value)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        try begin(key)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int8, forKey key: Key) throws {
        try begin(key)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int16, forKey key: Key) throws {
        try begin(key)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int32, forKey key: Key) throws {
        try begin(key)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        try begin(key)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt, forKey key: Key) throws {
        try begin(key)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        try begin(key)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        try begin(key)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        try begin(key)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        try begin(key)
        encoder.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try begin(key)
        try encoder.encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        guard (try? begin(key)) != nil else {
            encoder.giveUp()
            return KeyedEncodingContainer(ActionLogKeyedContainer<NestedKey>(encoder: encoder, id: 0, index: 0))
        }
        let (id, index) = encoder.openNested(isObject: true)
        return KeyedEncodingContainer(ActionLogKeyedContainer<NestedKey>(encoder: encoder, id: id, index: index))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        guard (try? begin(key)) != nil else {
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

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.giveUp()
        return encoder
    }
}
