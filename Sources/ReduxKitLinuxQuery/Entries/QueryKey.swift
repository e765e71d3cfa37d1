/// What a cache entry is kept under: an endpoint's name and the argument it
/// was asked with (RTK Query's `queryCacheKey`).
public struct QueryKey: Hashable, Sendable, CustomStringConvertible {
    /// The endpoint's name.
    public let endpoint: String
    /// The argument, untyped (read it typed with ``QueryArgument/value(as:)``).
    public let argument: QueryArgument

    /// The key of `endpoint` asked with `argument`.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint's name.
    ///   - argument: Its argument.
    public init(endpoint: String, argument: some Hashable & Sendable) {
        self.endpoint = endpoint
        self.argument = QueryArgument(argument)
    }

    /// `todos(42)`, or `todos` when the query takes no argument.
    public var description: String {
        argument.isVoid ? endpoint : "\(endpoint)(\(argument))"
    }
}

/// A query's argument, untyped: kept in a ``QueryKey`` and a ``QueryEntry``,
/// equal when the arguments are of one type and equal (an `Int` 1 and an
/// `Int64` 1 are different arguments).
public struct QueryArgument: Hashable, Sendable, CustomStringConvertible {
    /// The argument.
    public let value: any Hashable & Sendable
    /// Whether the argument is ``NoArgument``, a query that takes none.
    let isVoid: Bool
    /// Compares `value` with another value of its type.
    private let isEqual: @Sendable (any Sendable) -> Bool
    /// Hashes `value`.
    private let hashValueInto: @Sendable (inout Hasher) -> Void

    /// Wraps `value`.
    ///
    /// - Parameter value: The argument.
    public init<Value: Hashable & Sendable>(_ value: Value) {
        self.value = value
        self.isVoid = value is NoArgument
        self.isEqual = { ($0 as? Value) == value }
        self.hashValueInto = { hasher in
            hasher.combine(ObjectIdentifier(Value.self))
            hasher.combine(value)
        }
    }

    /// The argument as a `T`, if it is one.
    ///
    /// - Parameter type: The argument's type.
    /// - Returns: The argument, or `nil` if it is of another type.
    public func value<T>(as type: T.Type) -> T? { value as? T }

    /// Whether both hold equal arguments of one type.
    ///
    /// - Parameters:
    ///   - lhs: An argument.
    ///   - rhs: Another.
    /// - Returns: Whether they are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.isEqual(rhs.value) }

    /// Hashes the argument.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) { hashValueInto(&hasher) }

    /// The argument's description.
    public var description: String { String(describing: value) }
}

/// `()` as a hashable argument: what a query that takes no argument is keyed by.
public struct NoArgument: Hashable, Sendable, CustomStringConvertible {
    /// The one value.
    public init() {}
    /// Empty.
    public var description: String { "" }
}
