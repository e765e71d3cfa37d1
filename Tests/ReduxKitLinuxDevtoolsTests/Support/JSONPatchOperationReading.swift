import Foundation

@testable import ReduxKitLinuxDevtools

/// Reading JSON Patch operations back, for the tests (the product writes
/// them and never reads one): through ``JSONValue``, the devtools' one reader
/// of untyped JSON.
extension JSONPatchOperation {
    /// The operations of `json`, an array of them as the action log writes it.
    ///
    /// - Throws: `DecodingError.dataCorrupted` if `json` is not JSON or not
    ///   an array of operations (see ``init(reading:)``).
    static func operations(parsing json: Data) throws -> [JSONPatchOperation] {
        try operations(in: JSONValue(parsing: json))
    }

    /// The operations of `value`, an array of them.
    ///
    /// - Throws: `DecodingError.dataCorrupted` if it is not an array of operations.
    static func operations(in value: JSONValue) throws -> [JSONPatchOperation] {
        guard case .array(let elements) = value else { throw notAnOperation("not an array: \(value)") }
        return try elements.map(JSONPatchOperation.init(reading:))
    }

    /// The operation `value` spells; a `"value":null` is the value `null`,
    /// not a missing one.
    ///
    /// - Throws: `DecodingError.dataCorrupted` if `op` or `path` is missing
    ///   or not one of those, or if an `add` or `replace` has no `value`.
    init(reading value: JSONValue) throws {
        guard case .object(let members) = value, case .string(let name) = members["op"],
            let op = Kind(rawValue: name), case .string(let path) = members["path"]
        else { throw Self.notAnOperation("no op or path: \(value)") }
        if op == .remove {
            self.init(op: op, path: path, value: nil)
        } else if let member = members["value"] {
            self.init(op: op, path: path, value: member)
        } else {
            throw Self.notAnOperation("an \(name) needs a value")
        }
    }

    /// The error of a value that is not an operation, `reason` saying why.
    private static func notAnOperation(_ reason: String) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: reason))
    }
}
