import Foundation

/// A value an async thunk's body hands over untyped (a `rejectWithValue`
/// payload, a meta), as it was given or as an action log read it back.
///
/// A value written to a log is read back as plain JSON (the log does not know
/// its type); ``value(as:)`` then decodes it as the type asked for, so
/// a reducer reads a replayed payload as it read the live one.
enum AsyncThunkPayload: Sendable {
    /// The value the body gave.
    case given(any Sendable)
    /// A value read back from a log, as JSON.
    case logged(LoggedJSON)

    /// The value as given, or its JSON once logged.
    var value: any Sendable {
        switch self {
        case .given(let value): value
        case .logged(let json): json
        }
    }

    /// The value as a `T`: the value given, if it is one; a value read back
    /// from a log, decoded as `T` when `T` is `Decodable`.
    func value<T>(as type: T.Type) -> T? {
        switch self {
        case .given(let value): return value as? T
        case .logged(let json):
            if let json = json as? T { return json }
            guard let decodable = T.self as? any Decodable.Type else { return nil }
            return Self.decode(decodable, from: json) as? T
        }
    }

    private static func decode<D: Decodable>(_ type: D.Type, from json: LoggedJSON) -> D? {
        try? JSONDecoder().decode(D.self, from: JSONEncoder().encode(json))
    }

    /// Writes the value; throws `EncodingError.invalidValue` for a given value
    /// that is not `Encodable`, so the log reports it instead of dropping it.
    func encode<Key: CodingKey>(to container: inout KeyedEncodingContainer<Key>, forKey key: Key) throws {
        switch self {
        case .given(let value):
            guard let encodable = value as? any Encodable else {
                throw EncodingError.invalidValue(
                    value,
                    EncodingError.Context(
                        codingPath: container.codingPath + [key],
                        debugDescription: "\(type(of: value)) is not Encodable, so it cannot be logged"))
            }
            try container.encode(encodable, forKey: key)
        case .logged(let json):
            try container.encode(json, forKey: key)
        }
    }
}

/// Any JSON value, as an action log's line holds it (and, in the query
/// product, as a persisted entry holds its argument and data until an
/// endpoint types them).
package enum LoggedJSON: Codable, Hashable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case number(Double)
    case string(String)
    case array([LoggedJSON])
    case object([String: LoggedJSON])

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var fields: [String: LoggedJSON] = [:]
            for key in object.allKeys { fields[key.stringValue] = try object.decode(LoggedJSON.self, forKey: key) }
            self = .object(fields)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [LoggedJSON] = []
            while !array.isAtEnd { elements.append(try array.decode(LoggedJSON.self)) }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let value = try? single.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? single.decode(Int64.self) {
                self = .integer(value)
            } else if let value = try? single.decode(UInt64.self) {
                self = .unsigned(value)
            } else if let value = try? single.decode(Double.self) {
                self = .number(value)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let fields):
            var object = encoder.container(keyedBy: Key.self)
            for (key, value) in fields { try object.encode(value, forKey: Key(stringValue: key)) }
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(element) }
        default:
            var single = encoder.singleValueContainer()
            switch self {
            case .null: try single.encodeNil()
            case .bool(let value): try single.encode(value)
            case .integer(let value): try single.encode(value)
            case .unsigned(let value): try single.encode(value)
            case .number(let value): try single.encode(value)
            case .string(let value): try single.encode(value)
            case .array, .object: break
            }
        }
    }
}

extension LoggedJSON {
    /// The value as compact JSON text.
    package var description: String {
        (try? JSONEncoder().encode(self)).flatMap { String(data: $0, encoding: .utf8) } ?? "?"
    }
}
