/// How a query endpoint retries a failed request: how many times, and how
/// long it waits on the effects' clock before each try (RTK Query's `retry`).
/// An endpoint that retries stops when its entry's last subscription leaves:
/// the request in flight, or its wait, is cancelled.
public struct QueryRetry: Sendable {
    /// How many times a failed request is tried again.
    public var maxRetries: Int
    /// How long to wait before try number `attempt` (1 for the first retry).
    public var backoff: @Sendable (_ attempt: Int) -> Duration

    /// Tries again up to `maxRetries` times, waiting `backoff(attempt)` before each.
    ///
    /// - Parameters:
    ///   - maxRetries: How many times to try again.
    ///   - backoff: How long to wait before the try numbered `attempt` (from 1).
    public init(maxRetries: Int, backoff: @escaping @Sendable (_ attempt: Int) -> Duration) {
        self.maxRetries = maxRetries
        self.backoff = backoff
    }

    /// Never tries again.
    public static let never = QueryRetry(maxRetries: 0) { _ in .zero }

    /// Tries again up to `maxRetries` times, waiting `base`, then twice as
    /// long each time, never longer than `maximum`.
    ///
    /// - Parameters:
    ///   - maxRetries: How many times to try again.
    ///   - base: The first wait.
    ///   - maximum: The longest wait.
    /// - Returns: The retry rule.
    public static func exponential(
        maxRetries: Int = 3, base: Duration = .milliseconds(500), maximum: Duration = .seconds(30)
    ) -> QueryRetry {
        QueryRetry(maxRetries: maxRetries) { attempt in
            min(maximum, base * (1 << min(max(attempt - 1, 0), 30)))
        }
    }
}

/// The cancellation ID of an entry's requests.
struct QueryFetchID: Hashable, Sendable {
    let cacheName: String
    let key: QueryKey
}
