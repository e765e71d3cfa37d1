/// Where a cache entry's request stands (RTK Query's `QueryStatus`).
public enum QueryStatus: String, Hashable, Sendable, Codable {
    /// Never fetched (or a fetch was cancelled before any data came).
    case uninitialized
    /// A fetch is in flight (the entry may hold older data meanwhile).
    case pending
    /// The last fetch answered; the entry holds its data.
    case fulfilled
    /// The last fetch failed; the entry holds its error (and any older data).
    case rejected
}
