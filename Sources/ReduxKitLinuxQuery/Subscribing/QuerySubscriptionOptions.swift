/// What one subscription asks of its entry, beside the endpoint's own settings.
struct QuerySubscriptionOptions: Sendable {
    /// How long to keep the entry once this is the last subscription to leave.
    var keepUnusedDataFor: Duration?
    /// Fetch again at subscribe time if the data is older than this.
    var refetchIfOlderThan: Duration?
}
