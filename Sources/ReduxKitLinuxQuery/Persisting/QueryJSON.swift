import Foundation

/// Any JSON value: how a persisted entry keeps its argument and data while
/// no endpoint has said what types they are.
///
/// A value is written by a plain `JSONEncoder` of the cache's own and read
/// back by a plain `JSONDecoder` (``QueryJSONCoder``), then kept as this
/// tree, which the outer encoder writes as it is: what a state's coder does
/// with dates or keys never changes how an entry's data reads back.
enum QueryJSON: Codable, Hashable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case number(Double)
    case string(String)
    case array([QueryJSON])
    case object([String: QueryJSON])

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var fields: [String: QueryJSON] = [:]
            for key in object.allKeys { fields[key.stringValue] = try object.decode(QueryJSON.self, forKey: key) }
            self = .object(fields)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [QueryJSON] = []
            while !array.isAtEnd { elements.append(try array.decode(QueryJSON.self)) }
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

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let fields):
            var object = encoder.container(keyedBy: Key.self)
            for (key, value) in fields { try object.encode(value, forKey: Key(stringValue: key)) }
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(element) }
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .integer(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .unsigned(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .number(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .string(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        }
    }

    /// The value as compact JSON text.
    var description: String {
        (try? JSONEncoder().encode(self)).flatMap { String(data: $0, encoding: .utf8) } ?? "?"
    }
}

/// Turns values into ``QueryJSON`` and back, with one plain `JSONEncoder`
/// and `JSONDecoder` (default strategies), made once per state encoded or
/// per restoration.
struct QueryJSONCoder {
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
    private let decoder = JSONDecoder()

    /// `value` as JSON, if it is `Encodable` and encodes (`nil` otherwise:
    /// the entry holding it is not persisted).
    func json(of value: Any) -> QueryJSON? {
        guard let encodable = value as? any Encodable else { return nil }
        guard let data = try? encoder.encode(encodable) else { return nil }
        return try? decoder.decode(QueryJSON.self, from: data)
    }

    /// `json` decoded as a `T`, if `T` is `Decodable` and the JSON is one.
    func value<T>(_ json: QueryJSON, as type: T.Type) -> T? {
        guard let decodable = T.self as? any Decodable.Type else { return nil }
        func decode<D: Decodable>(_: D.Type) -> T? {
            guard let data = try? encoder.encode(json) else { return nil }
            return (try? decoder.decode(D.self, from: data)) as? T
        }
        return decode(decodable)
    }
}
