/// Why ``JSONPatch/apply(_:to:)`` could not apply an operation; each case
/// holds the operation's path.
enum JSONPatchError: Error, Equatable, Sendable {
    /// The path is not a JSON Pointer (it does not start with `/`, or has a
    /// `~` not followed by `0` or `1`).
    case invalidPointer(String)
    /// The path leads through, or to, a member or element that is not there,
    /// or through a value that is neither an object nor an array.
    case pathNotFound(String)
    /// An `add` or `replace` without a value.
    case missingValue(String)
    /// A `remove` of the whole document (there would be nothing left).
    case cannotRemoveRoot
}
