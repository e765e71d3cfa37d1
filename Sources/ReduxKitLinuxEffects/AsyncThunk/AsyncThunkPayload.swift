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
    case logged(JSONValue)

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

    private static func decode<D: Decodable>(_ type: D.Type, from json: JSONValue) -> D? {
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
