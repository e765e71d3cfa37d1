import Foundation

/// Turns values into `JSONValue`s and back, with one plain `JSONEncoder`
/// and `JSONDecoder` (default strategies), made once per state encoded or
/// per restoration.
///
/// A persisted entry keeps its argument and data as `JSONValue`s (the
/// products' one model of untyped JSON) while no endpoint has said what types
/// they are. A value is written by this coder's encoder and read back by its
/// decoder, then kept as that tree, which the outer encoder writes as it is:
/// what a state's coder does with dates or keys never changes how an entry's
/// data reads back.
struct QueryJSONCoder {
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
    private let decoder = JSONDecoder()

    /// `value` as JSON, if it is `Encodable` and encodes (`nil` otherwise:
    /// the entry holding it is not persisted).
    func json(of value: Any) -> JSONValue? {
        guard let encodable = value as? any Encodable else { return nil }
        guard let data = try? encoder.encode(encodable) else { return nil }
        return try? decoder.decode(JSONValue.self, from: data)
    }

    /// `json` decoded as a `T`, if `T` is `Decodable` and the JSON is one.
    func value<T>(_ json: JSONValue, as type: T.Type) -> T? {
        guard let decodable = T.self as? any Decodable.Type else { return nil }
        func decode<D: Decodable>(_: D.Type) -> T? {
            guard let data = try? encoder.encode(json) else { return nil }
            return (try? decoder.decode(D.self, from: data)) as? T
        }
        return decode(decodable)
    }
}
