/// JSON Patches (RFC 6902) between two JSON documents: ``difference(from:to:)``
/// finds one, which the action log writes as an entry's `"changes"`. Its
/// readers apply it: the inspector page's script (`applyOperation`, in
/// `InspectorPageScriptState.swift`), and the tests (`JSONPatch.apply(_:to:)`,
/// in their support: nothing in the product applies a patch).
///
/// A difference is always correct, `apply(difference(from: a, to: b), to: a) == b`,
/// and small in the cases a state's changes usually are: a member changed,
/// added or removed, and an array element changed, appended, inserted or
/// removed (whatever the array's length) each give one operation.
enum JSONPatch {
    /// The operations that turn `old` into `new`: none if they are equal.
    ///
    /// Objects are compared member by member: a member of both is compared in
    /// turn (its path gets its key), one only `old` has is removed, one only
    /// `new` has is added. Arrays lose their common first and last elements,
    /// then the elements left in both, up to the shorter's count, are compared
    /// pairwise; then `old`'s extra ones are removed, last first, or `new`'s
    /// extra ones added, first first. Any other change (a scalar, or a value
    /// of another kind) replaces the value.
    ///
    /// - Returns: The operations, in the order they apply.
    static func difference(from old: JSONValue, to new: JSONValue) -> [JSONPatchOperation] {
        var operations: [JSONPatchOperation] = []
        appendDifference(from: old, to: new, at: "", to: &operations)
        return operations
    }

    /// Appends the operations that turn `old`, at `path`, into `new`.
    private static func appendDifference(
        from old: JSONValue, to new: JSONValue, at path: String, to operations: inout [JSONPatchOperation]
    ) {
        switch (old, new) {
        case (.object(let old), .object(let new)):
            appendDifference(from: old, to: new, at: path, to: &operations)
        case (.array(let old), .array(let new)):
            appendDifference(from: old, to: new, at: path, to: &operations)
        default:
            if old != new { operations.append(.replace(path, new)) }
        }
    }

    /// Appends the operations that turn the object `old`, at `path`, into `new`
    /// (the members in the order of their keys, so a difference is always the same).
    private static func appendDifference(
        from old: [String: JSONValue], to new: [String: JSONValue], at path: String,
        to operations: inout [JSONPatchOperation]
    ) {
        for key in old.keys.sorted() {
            let memberPath = JSONPointer.appending(key, to: path)
            if let newMember = new[key] {
                // Non-nil: `key` is one of `old`'s keys.
                appendDifference(from: old[key] ?? .null, to: newMember, at: memberPath, to: &operations)
            } else {
                operations.append(.remove(memberPath))
            }
        }
        for (key, member) in new.sorted(by: { $0.key < $1.key }) where old[key] == nil {
            operations.append(.add(JSONPointer.appending(key, to: path), member))
        }
    }

    /// Appends the operations that turn the array `old`, at `path`, into `new`.
    private static func appendDifference(
        from old: [JSONValue], to new: [JSONValue], at path: String, to operations: inout [JSONPatchOperation]
    ) {
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while prefix + suffix < shorter, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = old.count - suffix - prefix
        let newMiddle = new.count - suffix - prefix
        let paired = min(oldMiddle, newMiddle)
        for index in prefix..<prefix + paired {
            appendDifference(
                from: old[index], to: new[index], at: JSONPointer.appending(index, to: path), to: &operations)
        }
        // The last first, so each index is still the element's when it is removed.
        for index in (prefix + paired..<prefix + oldMiddle).reversed() {
            operations.append(.remove(JSONPointer.appending(index, to: path)))
        }
        for index in prefix + paired..<prefix + newMiddle {
            operations.append(.add(JSONPointer.appending(index, to: path), new[index]))
        }
    }
}
