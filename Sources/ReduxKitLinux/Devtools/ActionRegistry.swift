import Foundation

/// Maps action type names to `Codable` action types, so actions can be written
/// to an action log and read back: ``actionLogMiddleware(registry:to:unregistered:onError:)``
/// and ``replayActionLog(at:registry:into:skippingUnrecorded:)``.
///
/// ```swift
/// var registry = ActionRegistry()
/// registry.register(AddTodo.self)
/// registry.register(ToggleTodo.self, name: "todo/toggle")
/// ```
public struct ActionRegistry: Sendable {
    private struct Codec: Sendable {
        /// Encodes the action alone.
        let encode: @Sendable (any Action) throws -> Data
        /// Decodes the action from a whole log line (its `payload` field).
        let decode: @Sendable (Data) throws -> any Action
    }

    /// A log line's payload, decoded as the registered type.
    private struct Envelope<A: Decodable>: Decodable {
        let payload: A
    }

    private var codecs: [String: Codec] = [:]
    private var names: [ObjectIdentifier: String] = [:]

    /// An empty registry.
    public init() {}

    /// Registers an action type under `name` (by default the type's name, as
    /// `String(describing:)` gives it). Registering a second type under a name
    /// already taken stops the process: the log could not tell them apart.
    ///
    /// - Parameters:
    ///   - type: The action type.
    ///   - name: The name written in the log; keep it stable across versions.
    public mutating func register<A: Action & Codable>(_ type: A.Type, name: String? = nil) {
        let name = name ?? String(describing: type)
        if codecs[name] != nil, names[ObjectIdentifier(type)] != name {
            Misuse.fail(Misuse.actionRegistryNameTaken + " (\(name))")
        }
        names[ObjectIdentifier(type)] = name
        codecs[name] = Codec(
            encode: { action in
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                return try encoder.encode(action as! A)
            },
            decode: { line in try JSONDecoder().decode(Envelope<A>.self, from: line).payload })
    }

    /// The name `action`'s type is registered under.
    ///
    /// - Parameter action: An action.
    /// - Returns: The name, or `nil` if its type is not registered.
    public func name(of action: any Action) -> String? {
        names[ObjectIdentifier(Swift.type(of: action))]
    }

    /// `action` as JSON, or `nil` if its type is not registered.
    func encode(_ action: any Action) throws -> (name: String, payload: Data)? {
        guard let name = name(of: action), let codec = codecs[name] else { return nil }
        return (name, try codec.encode(action))
    }

    /// Whether a type is registered under `name`.
    func isRegistered(_ name: String) -> Bool {
        codecs[name] != nil
    }

    /// Decodes the payload of a log line as the type registered under `name`
    /// (which must be registered).
    func decode(name: String, line: Data) throws -> any Action {
        try codecs[name]!.decode(line)
    }
}
