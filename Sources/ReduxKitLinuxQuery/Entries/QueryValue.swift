/// A query's answer, untyped: what a ``QueryEntry`` keeps as its data, equal
/// when the values are of one type and equal (read it typed through the
/// endpoint, ``QueryEndpoint/select(_:)``, or ``value(as:)``).
public struct QueryValue: Equatable, Sendable, CustomStringConvertible {
    /// The value.
    public let value: any Sendable
    /// Compares `value` with another value of its type.
    private let isEqual: @Sendable (any Sendable) -> Bool

    /// Wraps `value`.
    ///
    /// - Parameter value: A query's answer.
    public init<Value: Equatable & Sendable>(_ value: Value) {
        self.value = value
        self.isEqual = { ($0 as? Value) == value }
    }

    /// The value as a `T`, if it is one.
    ///
    /// - Parameter type: The value's type.
    /// - Returns: The value, or `nil` if it is of another type.
    public func value<T>(as type: T.Type) -> T? { value as? T }

    /// Whether both hold equal values of one type.
    ///
    /// - Parameters:
    ///   - lhs: A value.
    ///   - rhs: Another.
    /// - Returns: Whether they are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.isEqual(rhs.value) }

    /// The value's description.
    public var description: String { String(describing: value) }
}
