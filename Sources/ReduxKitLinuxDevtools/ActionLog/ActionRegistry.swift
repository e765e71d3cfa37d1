import Foundation

/// Maps action type names to `Codable` action types, so actions can be written
/// to an action log and read back: ``ActionLog``,
/// ``actionLogMiddleware(registry:to:unregistered:onError:)`` and
/// ``replayActionLog(at:registry:into:options:)``.
///
/// ```swift
/// var registry = ActionRegistry()
/// registry.register(AddTodo.self)
/// registry.register(ToggleTodo.self, name: "todo/toggle")
/// ```
///
/// Every registry also knows ``/ReduxKitLinux/ReplaceReducerAction`` (as `"@@redux/REPLACE"`),
/// the action `replaceReducer` runs through the new reducer, so a log records
/// it like any other action the reducer sees.
public struct ActionRegistry: Sendable {
    /// How one registered type is written and read (a class: the writer
    /// takes one for every line, and a class is one retain).
    final class Codec: Sendable {
        /// The name written in the log.
        let name: String
        /// The action type it writes and reads.
        let type: ObjectIdentifier
        /// Whether an action of its type is written under its own `type`
        /// string when that name is registered for its type (an async thunk's
        /// lifecycle actions, whose types several thunks share).
        let namedByActionType: Bool
        /// The start of its lines, `{"type":"name"`, encoded once.
        let header: [UInt8]
        /// The action's JSON, from the writer's encoder.
        let encode: @Sendable (any Action, JSONEncoder) throws -> Data
        /// Decodes the action from its payload's JSON, with the decoder given.
        let decode: @Sendable (Data, JSONDecoder) throws -> any Action

        init(
            name: String, type: Any.Type, namedByActionType: Bool = false,
            encode: @escaping @Sendable (any Action, JSONEncoder) throws -> Data,
            decode: @escaping @Sendable (Data, JSONDecoder) throws -> any Action
        ) {
            self.name = name
            self.type = ObjectIdentifier(type)
            self.namedByActionType = namedByActionType
            self.header = ActionLogLineFormat.actionStart + ActionLogLines.jsonString(name)
            self.encode = encode
            self.decode = decode
        }
    }

    /// The name ``/ReduxKitLinux/ReplaceReducerAction`` is logged under.
    static let replaceReducerName = "@@redux/REPLACE"

    private var codecs: [Codec] = []
    private var codecByName: [String: Int] = [:]
    private var codecByType: [ObjectIdentifier: Int] = [:]

    /// A registry that knows only ``/ReduxKitLinux/ReplaceReducerAction``.
    public init() {
        add(
            Codec(
                name: Self.replaceReducerName, type: ReplaceReducerAction.self,
                encode: { _, _ in Data("{}".utf8) },
                decode: { _, _ in ReplaceReducerAction() }),
            for: ReplaceReducerAction.self)
    }

    /// Registers an action type under `name` (by default the type's name, as
    /// `String(describing:)` gives it). Registering a second type under a name
    /// already taken stops the process: the log could not tell them apart.
    /// Registering a type again under a new name writes the new name from then
    /// on, and still reads the old one.
    ///
    /// - Parameters:
    ///   - type: The action type.
    ///   - name: The name written in the log; keep it stable across versions.
    public mutating func register<A: Action & Codable>(_ type: A.Type, name: String? = nil) {
        register(type, name: name ?? String(describing: type), namedByActionType: false)
    }

    /// Registers `type` under `name`; with `namedByActionType`, an action of
    /// the type is written under its own `type` string when that name is
    /// registered for the type (see ``codecIndex(of:)``).
    mutating func register<A: Action & Codable>(_ type: A.Type, name: String, namedByActionType: Bool) {
        if let taken = codecByName[name], codecs[taken].type != ObjectIdentifier(type) {
            Misuse.fail(DevtoolsMisuse.actionRegistryNameTaken + " (\(name))")
        }
        add(
            Codec(
                name: name, type: type, namedByActionType: namedByActionType,
                encode: { action, encoder in try DevtoolsJSON.encode(action as! A, with: encoder) },
                decode: { payload, decoder in try decoder.decode(A.self, from: payload) }),
            for: type)
    }

    private mutating func add(_ codec: Codec, for type: Any.Type) {
        codecs.append(codec)
        codecByName[codec.name] = codecs.count - 1
        codecByType[ObjectIdentifier(type)] = codecs.count - 1
    }

    /// The name `action`'s type is registered under.
    ///
    /// - Parameter action: An action.
    /// - Returns: The name, or `nil` if its type is not registered.
    public func name(of action: any Action) -> String? {
        codecIndex(of: action).map { codecs[$0].name }
    }

    /// Where the codec of `action`'s type is, or `nil` if its type is not
    /// registered (one dictionary look-up: this runs on every dispatch; a
    /// second, by the action's `type`, for an async thunk's lifecycle action,
    /// so each thunk's runs are written under its own names even when thunks
    /// share the lifecycle types).
    func codecIndex(of action: any Action) -> Int? {
        guard let index = codecByType[ObjectIdentifier(Swift.type(of: action))] else { return nil }
        guard codecs[index].namedByActionType, let own = codecByName[action.type],
            codecs[own].type == codecs[index].type
        else { return index }
        return own
    }

    /// The codec at `index` (from ``codecIndex(of:)``).
    func codec(at index: Int) -> Codec {
        codecs[index]
    }

    /// Whether a type is registered under `name`.
    func isRegistered(_ name: String) -> Bool {
        codecByName[name] != nil
    }

    /// Decodes a log line's payload (``ActionLogEntryLine/payload``) as the
    /// type registered under `name` (which must be registered), with
    /// `decoder` (one a replay makes once, by default a new one).
    ///
    /// - Throws: ``ActionLogLineFields/Absent`` when the line has no payload,
    ///   or the decoder's error.
    func decode(name: String, payload: Data?, decoder: JSONDecoder = DevtoolsJSON.makeDecoder()) throws -> any Action {
        guard let payload else { throw ActionLogLineFields.Absent(field: .payload) }
        return try codecs[codecByName[name]!].decode(payload, decoder)
    }
}
