import Foundation

/// A JSON value: what the devtools read JSON into when it is not a typed
/// value (`JSONDecoder` reads those, ``DevtoolsJSON``). A state's JSON is read
/// into one so two states can be compared and their difference written as
/// ``JSONPatchOperation``s; the inspector reads a log line's fields, and
/// persistence an old saved state, into one.
///
/// It is read by `JSONSerialization` (``init(parsing:)``) and written by
/// `JSONEncoder`. A number reads as an ``integer(_:)`` when it is one that
/// fits an `Int64` (`1`, `1.0` and `1e3` do), as an ``unsigned(_:)`` when it
/// is an integer above `Int64.max` within `UInt64` (so a `UInt64` field comes
/// back exact), else as a ``double(_:)``.
enum JSONValue: Encodable, Equatable, Sendable {
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
    init(parsing json: Data) throws {
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
    init(serialized object: Any) throws {
        // A cast to the protocol is one look-up; one to `[Any]` or
        // `[String: Any]` would cast each element, all the way down.
        guard let object = object as? any JSONSerializationObject else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: "not a JSON value: \(type(of: object))"))
        }
        self = try object.jsonValue()
    }

    /// Writes the value as the JSON it stands for.
    func encode(to encoder: any Encoder) throws {
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
            return Int64(exactly: doubleValue).map(JSONValue.integer) ?? .double(doubleValue)
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
