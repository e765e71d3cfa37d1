import Foundation

/// A JSON document as a value: what a state's JSON is read into, so two states
/// can be compared and their difference written as ``JSONPatchOperation``s.
///
/// It is read and written by the devtools' `JSONDecoder` and `JSONEncoder`
/// (``DevtoolsJSON``), as every other JSON of theirs is. A number reads as an
/// ``integer(_:)`` when it is one that fits an `Int64` (`1`, `1.0` and `1e3`
/// do), else as a ``double(_:)``; so a `UInt64` above `Int64.max` reads as a
/// rounded `Double`.
enum JSONValue: Codable, Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number that is an integer within `Int64`'s range.
    case integer(Int64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Reads whatever JSON value `decoder` holds (see ``JSONValueReader``,
    /// which asks for each value's kind in turn, guessing well first).
    ///
    /// The guesses start from the ``JSONKindHint`` in the decoder's `userInfo`
    /// at ``JSONKindHint/userInfoKey``, if there is one (a reader of one
    /// document after another of the same shape keeps one), else from none.
    ///
    /// - Throws: What `JSONDecoder` throws; `DecodingError.dataCorrupted` if
    ///   a value is of no kind (which `JSONDecoder`'s values never are).
    init(from decoder: any Decoder) throws {
        var slot = JSONDecoderSlot(decoder: decoder)
        let hint = decoder.userInfo[JSONKindHint.userInfoKey] as? JSONKindHint ?? JSONKindHint()
        self = try JSONValueReader.read(&slot, hint: hint)
    }

    /// Writes the value as the JSON it stands for.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .integer(let integer): try container.encode(integer)
        case .double(let double): try container.encode(double)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }
}
