import Synchronization

/// Identifies one run of an async thunk, so its pending, fulfilled and rejected
/// actions can be told from another run's.
///
/// The thunk middleware gives each run a fresh one. Tests make
/// their own with ``init(_:)``, to build a run's lifecycle actions by hand
/// (`load.fulfilled(value, requestID: RequestID(1), argument: "a")`) or to
/// assert a state that holds one. It is `Codable` (as its number), so actions
/// and states holding one can be logged and persisted.
public struct RequestID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The run's number, unique in the process for the identifiers the middleware
    /// hands out.
    public let value: UInt64

    private static let counter = Atomic<UInt64>(0)

    /// An identifier with the number `value`, for tests and decoding. It may
    /// equal one the middleware hands out (those count up from 1), which a test
    /// building actions by hand does not mind.
    ///
    /// - Parameter value: The run's number.
    public init(_ value: UInt64) {
        self.value = value
    }

    /// A new identifier, never handed out by this function before in this process.
    static func next() -> RequestID {
        RequestID(counter.wrappingAdd(1, ordering: .relaxed).newValue)
    }

    /// Reads the identifier from its number.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: What the decoder throws for a value that is not a `UInt64`.
    public init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(UInt64.self)
    }

    /// Writes the identifier as its number.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    /// The identifier as `request-` followed by its number.
    public var description: String { "request-\(value)" }
}
