/// What one subscription asks of its entry, beside the endpoint's own settings.
struct QuerySubscriptionOptions: Sendable {
    /// How long to keep the entry once this is the last subscription to leave.
    var keepUnusedDataFor: Duration?
    /// Fetch again at subscribe time if the data is older than this.
    var refetchIfOlderThan: Duration?
    /// Fetch again this long after each answer, while subscribed.
    var pollingInterval: Duration?
    /// Fetch again when the app says it came back to the foreground.
    var refetchOnFocus = false
    /// Fetch again when the app says the network came back.
    var refetchOnReconnect = false
}
