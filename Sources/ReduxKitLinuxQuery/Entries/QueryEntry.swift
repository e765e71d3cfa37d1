import Foundation

/// One cached answer of one endpoint for one argument (RTK Query's cache
/// entry), kept in the store's state (``QueryCacheState``), so devtools and
/// time travel see it.
///
/// Subscriber counts are not here: they change with every screen that shows
/// the data, and are kept by the cache's middleware, out of the reduced state.
///
/// The cache's reducer changes entries; its fields are settable so that a
/// test can write the state it expects (`state.api[key] = entry` in a
/// `TestStore`'s assertion).
public struct QueryEntry: Equatable, Sendable {
    /// The entry's key: its endpoint and argument.
    public let key: QueryKey
    /// Where its latest request stands.
    public var status: QueryStatus = .uninitialized
    /// The data to show: the server's (``serverData``) with the patch layers
    /// (``layers``) applied in order. Kept while a refetch runs and after a failed one.
    public var data: QueryValue?
    /// The server's data: the last answer, or an upsert.
    public var serverData: QueryValue?
    /// The patches laid over the server's data, in the order made: a pending
    /// mutation's optimistic update, a committed one waiting for the answer
    /// that replaces it, a hand-made update. Undoing one keeps the others; an
    /// answer that lands meanwhile goes under them.
    public var layers: [QueryPatchLayer] = []
    /// The last failure, cleared by an answer.
    public var error: SerializedError?
    /// The ID of the latest request: only its answer is written (an older
    /// request's answer, overtaken or cancelled, is dropped).
    public var requestID: RequestID?
    /// When the latest request started (from the effects' `dependencies.date`).
    public var startedAt: Date?
    /// When the last answer came (from the effects' `dependencies.date`).
    public var fulfilledAt: Date?
    /// The tags the last answer (or failure) provided.
    public var providedTags: [QueryTag] = []
    /// Whether a mutation invalidated the entry since its latest request
    /// started: it is fetched again when it has subscribers (as soon as the
    /// request in flight, if any, ends), or else on its next subscribe. Any
    /// number of invalidations while a request runs give one more fetch.
    public var isInvalidated = false
    /// The page the request in flight adds, when it is an infinite query's
    /// fetch of its next or previous page (``InfiniteQueryEndpoint/fetchNextPage(_:)``).
    public var fetchingPage: QueryPageDirection?
    /// The tags invalidated while the request in flight ran: if its answer
    /// provides one of them, the entry is fetched again (an invalidation during
    /// a first fetch, before any tag was provided, is not lost).
    var tagsInvalidatedInFlight: [QueryTag] = []

    /// A new, never-fetched entry for `key`.
    ///
    /// - Parameter key: The entry's key.
    public init(key: QueryKey) {
        self.key = key
    }

    /// Whether a fetch is in flight.
    public var isFetching: Bool { status == .pending }
    /// Whether a first fetch is in flight: pending with no data yet.
    public var isLoading: Bool { status == .pending && data == nil }
}
