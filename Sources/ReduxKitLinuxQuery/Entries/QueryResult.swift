import Foundation

/// A cache entry read through its endpoint, with its data typed (what RTK
/// Query's hooks return): `endpoint.select(argument)(state.api)`.
public struct QueryResult<Value: Equatable & Sendable>: Equatable, Sendable {
    /// Where the entry's latest request stands (`uninitialized` when there is no entry).
    public let status: QueryStatus
    /// The last answer, if any.
    public let data: Value?
    /// The last failure, if the last request failed.
    public let error: SerializedError?
    /// When the last answer came.
    public let fulfilledAt: Date?
    /// Whether a mutation invalidated the data since its request started.
    public let isInvalidated: Bool

    /// The entry `entry`, typed (an observing view reads one entry,
    /// `QueryResult<Todo>(model.state.api[key])`); the empty result when
    /// there is no entry, and no data when its data is of another type.
    ///
    /// - Parameter entry: An entry of an endpoint whose value is a `Value`, or `nil`.
    public init(_ entry: QueryEntry?) {
        status = entry?.status ?? .uninitialized
        data = entry?.data?.value(as: Value.self)
        error = entry?.error
        fulfilledAt = entry?.fulfilledAt
        isInvalidated = entry?.isInvalidated ?? false
    }

    /// Whether a fetch is in flight.
    public var isFetching: Bool { status == .pending }
    /// Whether a first fetch is in flight: pending, no data yet.
    public var isLoading: Bool { status == .pending && data == nil }
    /// Whether the last request answered.
    public var isSuccess: Bool { status == .fulfilled }
    /// Whether the last request failed.
    public var isError: Bool { status == .rejected }
    /// Whether nothing was fetched yet.
    public var isUninitialized: Bool { status == .uninitialized }
}
