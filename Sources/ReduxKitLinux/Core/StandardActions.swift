/// An action shaped as a Flux Standard Action: a type, a payload, metadata and an
/// error flag (<https://github.com/redux-utilities/flux-standard-action>).
///
/// Reducers still recognise these actions by their Swift type; the untyped
/// `payload` and `meta` exist for logs, tools and generic middleware.
public protocol FluxStandardAction: Action {
    /// The action's name; by default the name of its dynamic type.
    var type: String { get }
    /// The action's data, if any.
    var payload: (any Sendable)? { get }
    /// Extra information that is not part of the payload, if any.
    var meta: (any Sendable)? { get }
    /// Whether the action reports an error; the payload is then the error.
    var error: Bool { get }
}

/// A Flux Standard Action whose payload has a static type, so reducers read
/// `action.rawPayload` without casting.
///
/// Only `rawPayload` must be written: `payload` defaults to `rawPayload`, `meta`
/// to `nil` and `error` to `false`.
///
/// ```swift
/// struct CountAction: SimpleStandardAction {
///     let rawPayload: Int
/// }
/// ```
public protocol SimpleStandardAction: FluxStandardAction {
    /// The static type of the payload.
    associatedtype PayloadType: Sendable
    /// The payload, with its static type.
    var rawPayload: PayloadType { get }
}

extension SimpleStandardAction {
    /// The raw payload, seen without its static type.
    public var payload: (any Sendable)? { rawPayload }
    /// No metadata.
    public var meta: (any Sendable)? { nil }
    /// Not an error.
    public var error: Bool { false }
}

/// A ``SimpleStandardAction`` that can be created generically, from a payload, as
/// ``bindActionCreators(_:dispatch:)`` does.
public protocol StandardAction: SimpleStandardAction {
    /// Creates the action.
    ///
    /// - Parameters:
    ///   - payload: The payload, or `nil` for the action's default payload.
    ///   - meta: Extra information that is not part of the payload.
    ///   - error: Whether the action reports an error.
    init(payload: PayloadType?, meta: (any Sendable)?, error: Bool)
}
