import Foundation

/// What the action log writes as an entry's `"changes"`: the JSON Patch
/// (RFC 6902) from the state before the entry to the state after it.
///
/// The action log's writer thread owns one and gives it each entry's state,
/// as JSON, in turn; it keeps the last state read, and returns the operations
/// from it to the next one. Applying an entry's operations to the state
/// before it gives the state after it (see ``JSONPatch``).
///
/// It keeps the last state's bytes too, so a state whose JSON has not changed
/// (the usual case: most actions change nothing) costs one comparison of the
/// bytes, and is not read. It is not `Sendable`: it belongs to one thread.
struct StateChangeRecorder {
    /// The last state given, read; `nil` before the first one (with no
    /// starting state), or after one that could not be read.
    private var previous: JSONValue?
    /// The last state's JSON, as it was given.
    private var previousJSON: Data?
    /// Writes the changes.
    private let encoder = DevtoolsJSON.makeEncoder()

    /// A recorder whose first changes are from `startingState`, the JSON of
    /// the state the log starts from (its session header's `"state"`).
    ///
    /// With no starting state, or one that is not JSON, the first changes
    /// replace the whole state (`[{"op":"replace","path":"","value":…}]`),
    /// which is right whatever the state before was.
    init(startingState: Data?) {
        guard let startingState, let value = try? JSONValue(parsing: startingState) else { return }
        previous = value
        previousJSON = startingState
    }

    /// The changes from the last state given (or the starting state) to
    /// `encodedState`, which is kept for the next call.
    ///
    /// - Parameter encodedState: The state's JSON, as the action log writes it.
    /// - Returns: The JSON of the operations' array; `[]` when nothing changed.
    /// - Throws: A `DecodingError` if `encodedState` is not JSON, an
    ///   `EncodingError` if the changes cannot be written (a number too large
    ///   for a `Double`); the next changes then replace the whole state.
    mutating func changes(after encodedState: Data) throws -> Data {
        if let previousJSON, previousJSON == encodedState { return Data("[]".utf8) }
        // Forgotten until the changes are written: if they are not, the
        // reader has no state to apply the next ones to.
        let previous = self.previous
        self.previous = nil
        previousJSON = nil
        let new = try JSONValue(parsing: encodedState)
        let operations =
            if let previous {
                JSONPatch.difference(from: previous, to: new)
            } else {
                [JSONPatchOperation.replace("", new)]
            }
        let json = try DevtoolsJSON.encode(operations, with: encoder)
        self.previous = new
        previousJSON = encodedState
        return json
    }
}
