import Foundation

/// An error as a plain, `Codable` value: what a ``AsyncThunk/Rejected`` action
/// carries in ``AsyncThunk/Rejected/serializedError``, so a rejection can be
/// logged and replayed (Redux Toolkit's `miniSerializeError`: `name`,
/// `message`, `code`).
///
/// It is an `Error` itself: a ``AsyncThunk/Rejected`` action read back from an
/// action log carries it as its ``AsyncThunk/Rejected/error``.
public struct SerializedError: Error, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The error's kind: its type's name, such as `"URLError"`.
    public var name: String
    /// What went wrong, for people.
    public var message: String?
    /// A machine-readable code, if the error has one.
    public var code: String?

    /// An error from its parts.
    ///
    /// - Parameters:
    ///   - name: The error's kind.
    ///   - message: What went wrong.
    ///   - code: A machine-readable code.
    public init(name: String, message: String? = nil, code: String? = nil) {
        self.name = name
        self.message = message
        self.code = code
    }

    /// `error`, serialized: a `SerializedError` stays as it is; the name is
    /// the error's type name; the message its `LocalizedError` description, or
    /// else its `String(describing:)`; the code a `CustomNSError`'s code.
    ///
    /// - Parameter error: Any error.
    public init(_ error: any Error) {
        if let serialized = error as? SerializedError {
            self = serialized
            return
        }
        if let provided = error as? any AsyncThunkErrorSerializing {
            self = provided.serializedError
            return
        }
        name = String(describing: type(of: error))
        message = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
        code = (error as? any CustomNSError).map { String($0.errorCode) }
    }

    private enum CodingKeys: String, CodingKey {
        case name, message, code
    }

    /// Reads an error written by ``encode(to:)``.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` if `name` is missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        message = try container.decodeIfPresent(String.self, forKey: .message)
        code = try container.decodeIfPresent(String.self, forKey: .code)
    }

    /// Writes the error as `{"name": …, "message": …, "code": …}` (the last two
    /// when present).
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(message, forKey: .message)
        try container.encodeIfPresent(code, forKey: .code)
    }

    /// `name: message`, or the name alone.
    public var description: String { message.map { "\(name): \($0)" } ?? name }
}

/// An error that says how it is serialized in a rejected async thunk's action
/// (by default its type name and description: see ``SerializedError/init(_:)``).
public protocol AsyncThunkErrorSerializing: Error {
    /// The error as it is logged.
    var serializedError: SerializedError { get }
}

/// What an async thunk's body throws to reject its run with a payload of its
/// own (Redux Toolkit's `rejectWithValue(payload, meta)`): make one with
/// ``AsyncThunkContext/rejectWithValue(_:meta:)``. The ``AsyncThunk/Rejected``
/// action carries the payload (its `rejectedValue(as:)`),
/// and the run's handle throws this error.
///
/// ```swift
/// catch let rejection as RejectedWithValue {
///     let problem = rejection.value(as: APIProblem.self)
/// }
/// ```
public struct RejectedWithValue: Error, Sendable, AsyncThunkErrorSerializing, CustomStringConvertible {
    let payload: AsyncThunkPayload
    let metaPayload: AsyncThunkPayload?

    init(payload: AsyncThunkPayload, meta: AsyncThunkPayload?) {
        self.payload = payload
        self.metaPayload = meta
    }

    /// The payload, as the body gave it.
    public var value: any Sendable { payload.value }

    /// The payload as a `T`.
    ///
    /// Read back from an action log, it is decoded as `T` when `T` is
    /// `Decodable`.
    ///
    /// - Parameter type: The payload's type.
    /// - Returns: The payload, or `nil` if it is not a `T`.
    public func value<T>(as type: T.Type) -> T? {
        payload.value(as: type)
    }

    /// The meta the body gave with the payload, as a `T`.
    ///
    /// Read back from an action log, it is decoded as `T` when `T` is
    /// `Decodable`.
    ///
    /// - Parameter type: The meta's type.
    /// - Returns: The meta, or `nil` if there is none or it is not a `T`.
    public func meta<T>(as type: T.Type) -> T? {
        metaPayload?.value(as: type)
    }

    /// `Rejected`, as Redux Toolkit's message for it.
    public var serializedError: SerializedError {
        SerializedError(name: "RejectedWithValue", message: "Rejected")
    }

    /// `rejected with ` and the payload.
    public var description: String { "rejected with \(payload.value)" }
}

/// What the handle of a run its thunk's condition said no to fails with
/// (Redux Toolkit's `ConditionError`): the run never started, and no lifecycle
/// action was dispatched (unless the thunk asks for one with
/// `dispatchConditionRejection`).
public struct AsyncThunkConditionError: Error, Hashable, Sendable, AsyncThunkErrorSerializing,
    CustomStringConvertible
{
    /// The thunk whose condition said no.
    public let typePrefix: String

    /// An error for `typePrefix`'s thunk.
    ///
    /// - Parameter typePrefix: The thunk's type prefix.
    public init(typePrefix: String) {
        self.typePrefix = typePrefix
    }

    /// Redux Toolkit's `ConditionError` and its message.
    public var serializedError: SerializedError {
        SerializedError(name: "ConditionError", message: "Aborted due to condition callback returning false.")
    }

    /// What happened, naming the thunk.
    public var description: String { "\(typePrefix): skipped, its condition returned false" }
}
