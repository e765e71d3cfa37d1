/// Invalidates tags by hand, as a mutation's `invalidatesTags` does once it
/// settles (RTK Query's `api.util.invalidateTags`): made by
/// ``QueryCache/invalidateTags(_:)``. The entries that provided one are
/// fetched again if they have subscribers, else marked invalidated and fetched
/// on their next subscribe; a request in flight that provides one is followed
/// by one more.
public struct QueryTagsInvalidated: Action, QueryCacheAction {
    /// The cache it is for.
    public let cacheName: String
    /// The tags invalidated.
    public let tags: [QueryTag]

    /// `"<cache>/invalidateTags"`.
    public var type: String { "\(cacheName)/invalidateTags" }
}

extension QueryCache {
    /// The action that invalidates `tags` by hand (RTK Query's
    /// `api.util.invalidateTags`): for data known to have changed on the
    /// server without a mutation of this cache (a push message, another
    /// device). Dispatch it.
    ///
    /// - Parameter tags: The tags.
    /// - Returns: The action.
    public func invalidateTags(_ tags: [QueryTag]) -> QueryTagsInvalidated {
        QueryTagsInvalidated(cacheName: name, tags: tags)
    }
}
