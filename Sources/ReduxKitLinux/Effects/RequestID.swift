import Synchronization

/// Identifies one run of an async thunk, so its pending, fulfilled and rejected
/// actions can be told from another run's.
public struct RequestID: Hashable, Sendable, CustomStringConvertible {
    /// The run's number, unique in the process.
    public let value: UInt64

    private static let counter = Atomic<UInt64>(0)

    /// A new identifier, never handed out before in this process.
    static func next() -> RequestID {
        RequestID(value: counter.wrappingAdd(1, ordering: .relaxed).newValue)
    }

    /// The identifier as `request-` followed by its number.
    public var description: String { "request-\(value)" }
}
