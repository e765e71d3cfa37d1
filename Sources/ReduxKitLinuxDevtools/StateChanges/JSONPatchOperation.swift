/// One operation of a JSON Patch (RFC 6902, the subset the action log writes):
/// `{"op":"replace","path":"/todos/3/done","value":true}`,
/// `{"op":"add","path":"/todos/4","value":{…}}`, `{"op":"remove","path":"/todos/4"}`.
///
/// `path` is a JSON Pointer (``JSONPointer``): `""` is the whole document.
/// An `add` at an array index inserts there (at the array's count, appends);
/// at an object key, sets the member.
struct JSONPatchOperation: Encodable, Equatable, Sendable {
    /// What an operation does.
    enum Kind: String, Encodable, Sendable {
        /// Inserts an array element, or sets an object member (RFC 6902 `add`).
        case add
        /// Removes an array element or an object member (RFC 6902 `remove`).
        case remove
        /// Replaces a value that is there (RFC 6902 `replace`).
        case replace
    }

    /// The keys of an operation's JSON.
    private enum CodingKeys: String, CodingKey {
        /// One key per property.
        case op, path, value
    }

    /// What the operation does.
    var op: Kind
    /// Where: a JSON Pointer.
    var path: String
    /// The value added or put in place; `nil` for a `remove`.
    var value: JSONValue?

    /// An `add` of `value` at `path`.
    static func add(_ path: String, _ value: JSONValue) -> JSONPatchOperation {
        JSONPatchOperation(op: .add, path: path, value: value)
    }

    /// A `remove` of what is at `path`.
    static func remove(_ path: String) -> JSONPatchOperation {
        JSONPatchOperation(op: .remove, path: path, value: nil)
    }

    /// A `replace` of what is at `path` by `value`.
    static func replace(_ path: String, _ value: JSONValue) -> JSONPatchOperation {
        JSONPatchOperation(op: .replace, path: path, value: value)
    }

    /// Writes the operation as RFC 6902 spells it (a `remove` has no `value`).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(op, forKey: .op)
        try container.encode(path, forKey: .path)
        if op != .remove, let value { try container.encode(value, forKey: .value) }
    }
}
