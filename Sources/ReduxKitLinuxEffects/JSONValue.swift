import Foundation

/// A JSON value whose type is not known: the products' one model of untyped
/// JSON (decision 0009). The effects read an async thunk's payload or meta
/// back from an action log into one (a reducer then decodes it as the type it
/// asks for); the query cache keeps a restored entry's argument and data as
/// one until its endpoint says what types they are; the devtools read a state
/// into one so two states can be compared and their difference written as
/// JSON Patch operations, and the inspector's log lines and persistence's old
/// saved states too.
///
/// It is read two ways. As part of a `Decodable` value (an action log's line,
/// a persisted cache), by the decoder at hand (``init(from:)``); as a whole
/// document, by `JSONSerialization` (``init(parsing:)``, faster on a large
/// state). It is written by the encoder at hand, `JSONEncoder` in the
/// products. A number reads as an ``integer(_:)`` when it is one that fits an
/// `Int64` (`1`, `1.0` and `1e3` do), as an ``unsigned(_:)`` when it is an
/// integer above `Int64.max` within `UInt64` (so a `UInt64` field comes back
/// exact), else as a ``double(_:)``. An object's member names are written and
/// read as they are: a `JSONEncoder`'s or `JSONDecoder`'s key strategy does
/// not change them (it applies to a type's coding keys, not to a dictionary's).
package enum JSONValue: Codable, Hashable, Sendable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number that is an integer within `Int64`'s range.
    case integer(Int64)
    /// An integer above `Int64.max`, within `UInt64`'s range.
    case unsigned(UInt64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Reads `json`, one JSON value (an object, an array or a scalar), with
    /// `JSONSerialization`.
    ///
    /// `JSONSerialization` on Linux is laxer than `JSONDecoder` in one way: it
    /// reads a trailing comma (`[1,]` as `[1]`). What the devtools read this
    /// way `JSONEncoder` wrote, or `JSONDecoder` read first, or (the
    /// inspector's lines) it is shown, not restored.
    ///
    /// - Throws: `DecodingError.dataCorrupted` if `json` is not JSON (its
    ///   underlying error `JSONSerialization`'s), as `JSONDecoder` throws.
    package init(parsing json: Data) throws {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error))
        }
        self = try Self(serialized: object)
    }

    /// The value `object`, one of `JSONSerialization`'s, stands for.
    ///
    /// - Throws: `DecodingError.dataCorrupted` if it is of a type
    ///   `JSONSerialization` does not read JSON as.
    package init(serialized object: Any) throws {
        // A cast to the protocol is one look-up; one to `[Any]` or
        // `[String: Any]` would cast each element, all the way down.
        guard let object = object as? any JSONSerializationObject else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: "not a JSON value: \(type(of: object))"))
        }
        self = try object.jsonValue()
    }

    /// Reads one JSON value from `decoder`: an object, an array, `null`, a
    /// Boolean, a number (an `Int64` if the decoder reads it as one, else a
    /// `UInt64`, else a `Double`) or a string.
    ///
    /// - Throws: What the decoder throws for a value that is none of these.
    package init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            if let count = array.count { elements.reserveCapacity(count) }
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if (try? decoder.container(keyedBy: JSONValueMemberKey.self)) != nil {
            // As a dictionary, not through the keyed container: a dictionary's
            // keys are read as they are, whatever the decoder's key strategy.
            self = .object(try single.decode([String: JSONValue].self))
        } else if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? single.decode(Int64.self) {
            self = .integer(integer)
        } else if let unsigned = try? single.decode(UInt64.self) {
            self = .unsigned(unsigned)
        } else if let double = try? single.decode(Double.self) {
            self = .double(double)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Writes the value as the JSON it stands for.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .integer(let integer): try container.encode(integer)
        case .unsigned(let unsigned): try container.encode(unsigned)
        case .double(let double): try container.encode(double)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }

    /// The value as compact JSON text, its keys sorted (`?` for a value
    /// `JSONEncoder` refuses: a `double` that is not finite).
    package var description: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }
}

/// A member name of a JSON object, only to ask a decoder whether the value
/// at hand is an object.
private struct JSONValueMemberKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// What `JSONSerialization` reads JSON into: `NSNull`, `NSNumber` (Booleans
/// too), `String`, `[Any]` and `[String: Any]`; each gives its ``JSONValue``.
protocol JSONSerializationObject {
    /// The value this stands for.
    ///
    /// - Throws: `DecodingError.dataCorrupted` if a member or element is not
    ///   a ``JSONSerializationObject``.
    func jsonValue() throws -> JSONValue
}

extension NSNull: JSONSerializationObject {
    /// `null`.
    func jsonValue() -> JSONValue { .null }
}

extension String: JSONSerializationObject {
    /// The string.
    func jsonValue() -> JSONValue { .string(self) }
}

extension NSNumber: JSONSerializationObject {
    /// A Boolean, an integer or a double, told apart by the number's type.
    ///
    /// `JSONSerialization` reads `true` and `false` as Boolean `NSNumber`s,
    /// whose type (`objCType`) is `c`, as no number it reads is; an integer
    /// as an `Int64` (`q`), or a `UInt64` (`Q`) above `Int64.max`; any other
    /// number as a `Double` (`d`), or as an `NSDecimalNumber` when a `Double`
    /// would not hold it exactly (`9007199254740993.0`, `-9223372036854775808`).
    /// A whole number within `Int64`'s range is an ``JSONValue/integer(_:)``
    /// whichever way it was read, one above it within `UInt64`'s an
    /// ``JSONValue/unsigned(_:)``, as ``JSONValue`` says.
    func jsonValue() -> JSONValue {
        switch UInt8(bitPattern: objCType.pointee) {
        case UInt8(ascii: "c"):
            return .bool(boolValue)
        case UInt8(ascii: "d"), UInt8(ascii: "f"):
            if let decimal = self as? NSDecimalNumber {
                let integer = decimal.int64Value
                if Decimal(integer) == decimal.decimalValue { return .integer(integer) }
                let unsigned = decimal.uint64Value
                return Decimal(unsigned) == decimal.decimalValue ? .unsigned(unsigned) : .double(doubleValue)
            }
            if let integer = Int64(exactly: doubleValue) { return .integer(integer) }
            return UInt64(exactly: doubleValue).map(JSONValue.unsigned) ?? .double(doubleValue)
        case UInt8(ascii: "Q"):
            return Int64(exactly: uint64Value).map(JSONValue.integer) ?? .unsigned(uint64Value)
        default:
            return .integer(int64Value)
        }
    }
}

extension Array: JSONSerializationObject where Element == Any {
    /// The array of the elements' values.
    func jsonValue() throws -> JSONValue {
        var elements: [JSONValue] = []
        elements.reserveCapacity(count)
        for element in self { elements.append(try JSONValue(serialized: element)) }
        return .array(elements)
    }
}

extension Dictionary: JSONSerializationObject where Key == String, Value == Any {
    /// The object of the members' values.
    func jsonValue() throws -> JSONValue {
        var members: [String: JSONValue] = [:]
        members.reserveCapacity(count)
        for (key, member) in self { members[key] = try JSONValue(serialized: member) }
        return .object(members)
    }
}
