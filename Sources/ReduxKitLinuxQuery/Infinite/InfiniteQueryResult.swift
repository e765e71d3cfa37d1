/// An infinite query's entry read through its endpoint (what RTK Query's
/// `useInfiniteQuery` returns): the query's result, whose data are the
/// pages, and where its pages stand. Read the query's fields on it directly
/// (`result.data?.pages`, `result.isLoading`).
@dynamicMemberLookup
public struct InfiniteQueryResult<Page: Equatable & Sendable, PageParam: Equatable & Sendable>: Equatable, Sendable {
    /// The entry, typed: its data are the pages.
    public let query: QueryResult<InfiniteQueryData<Page, PageParam>>
    /// Whether there is a page after the last (the endpoint's `nextPageParam` gives one).
    public let hasNextPage: Bool
    /// Whether there is a page before the first (its `previousPageParam` gives one).
    public let hasPreviousPage: Bool
    /// The page the request in flight adds, if it adds one.
    let fetchingPage: QueryPageDirection?

    init(
        query: QueryResult<InfiniteQueryData<Page, PageParam>>, hasNextPage: Bool, hasPreviousPage: Bool,
        fetchingPage: QueryPageDirection?
    ) {
        self.query = query
        self.hasNextPage = hasNextPage
        self.hasPreviousPage = hasPreviousPage
        self.fetchingPage = fetchingPage
    }

    /// Whether the request in flight fetches the next page.
    public var isFetchingNextPage: Bool { fetchingPage == .next }
    /// Whether the request in flight fetches the previous page.
    public var isFetchingPreviousPage: Bool { fetchingPage == .previous }

    /// A field of the query's result (`data`, `status`, `isLoading` …).
    ///
    /// - Parameter field: The field.
    /// - Returns: Its value.
    public subscript<Field>(dynamicMember field: KeyPath<QueryResult<InfiniteQueryData<Page, PageParam>>, Field>)
        -> Field
    { query[keyPath: field] }
}
