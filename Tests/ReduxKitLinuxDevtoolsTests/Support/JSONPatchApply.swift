@testable import ReduxKitLinuxDevtools

/// Applying a JSON Patch, for the tests: they check that the changes the
/// action log writes turn each state into the next. (The product writes
/// patches and never applies one; the inspector page applies them in its
/// script.)
extension JSONPatch {
    /// `value` with `operations` applied in turn (the subset of RFC 6902 that
    /// ``difference(from:to:)`` writes: `add`, `remove` and `replace`).
    ///
    /// An `add` at an array index from 0 to the array's count inserts there
    /// (`-` appends, as RFC 6902 allows); at an object key, it sets the
    /// member, there or not. A `remove` or `replace` needs the member or
    /// element to be there. At the whole document (path `""`), `add` and
    /// `replace` put their value in its place.
    ///
    /// - Returns: The patched value.
    /// - Throws: ``JSONPatchError``: a path that is not a JSON Pointer, or
    ///   leads nowhere, an `add` or `replace` without a value, a `remove` of
    ///   the whole document.
    static func apply(_ operations: [JSONPatchOperation], to value: JSONValue) throws(JSONPatchError) -> JSONValue {
        var value = value
        for operation in operations {
            let tokens = try JSONPointer.tokens(of: operation.path)
            try apply(operation, tokens[...], to: &value)
        }
        return value
    }

    /// Applies `operation` at `tokens`, the rest of its path, in `value`.
    private static func apply(
        _ operation: JSONPatchOperation, _ tokens: ArraySlice<String>, to value: inout JSONValue
    ) throws(JSONPatchError) {
        guard let token = tokens.first else {
            guard operation.op != .remove else { throw .cannotRemoveRoot }
            guard let new = operation.value else { throw .missingValue(operation.path) }
            value = new
            return
        }
        let rest = tokens.dropFirst()
        switch value {
        case .object(var object):
            value = .null  // so `object` is the only reference to its storage, changed in place
            defer { value = .object(object) }
            if rest.isEmpty {
                try apply(operation, at: token, in: &object)
            } else {
                guard object[token] != nil else { throw .pathNotFound(operation.path) }
                try apply(operation, rest, to: &object[token, default: .null])
            }
        case .array(var array):
            value = .null  // so `array` is the only reference to its storage, changed in place
            defer { value = .array(array) }
            if rest.isEmpty {
                try apply(operation, at: token, in: &array)
            } else {
                guard let index = JSONPointer.index(token), index < array.count else {
                    throw .pathNotFound(operation.path)
                }
                try apply(operation, rest, to: &array[index])
            }
        default:
            throw .pathNotFound(operation.path)
        }
    }

    /// Applies `operation` to the member `key` of `object`.
    private static func apply(
        _ operation: JSONPatchOperation, at key: String, in object: inout [String: JSONValue]
    ) throws(JSONPatchError) {
        switch operation.op {
        case .add:
            guard let new = operation.value else { throw .missingValue(operation.path) }
            object[key] = new
        case .remove:
            guard object.removeValue(forKey: key) != nil else { throw .pathNotFound(operation.path) }
        case .replace:
            guard let new = operation.value else { throw .missingValue(operation.path) }
            guard object[key] != nil else { throw .pathNotFound(operation.path) }
            object[key] = new
        }
    }

    /// Applies `operation` to the element `token` (an index, or `-` for an
    /// `add`) of `array`.
    private static func apply(
        _ operation: JSONPatchOperation, at token: String, in array: inout [JSONValue]
    ) throws(JSONPatchError) {
        switch operation.op {
        case .add:
            guard let new = operation.value else { throw .missingValue(operation.path) }
            let index = token == "-" ? array.count : JSONPointer.index(token)
            guard let index, index <= array.count else { throw .pathNotFound(operation.path) }
            array.insert(new, at: index)
        case .remove:
            guard let index = JSONPointer.index(token), index < array.count else { throw .pathNotFound(operation.path) }
            array.remove(at: index)
        case .replace:
            guard let new = operation.value else { throw .missingValue(operation.path) }
            guard let index = JSONPointer.index(token), index < array.count else { throw .pathNotFound(operation.path) }
            array[index] = new
        }
    }
}
