import Foundation

/// Any JSON value: how a persisted entry keeps its argument and data while
/// no endpoint has said what types they are. It is the effects' model of
/// untyped JSON (an action log's payloads), not a second one.
///
/// A value is written by a plain `JSONEncoder` of the cache's own and read
/// back by a plain `JSONDecoder` (``QueryJSONCoder``), then kept as this
/// tree, which the outer encoder writes as it is: what a state's coder does
/// with dates or keys never changes how an entry's data reads back.
typealias QueryJSON = LoggedJSON

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
