/// An infinite query: entries of pages, fetched one page at a time (RTK
/// Query's infinite query endpoint). Made by
/// ``QueryCache/infiniteQuery(_:initialPageParam:maxPages:nextPageParam:previousPageParam:keepUnusedDataFor:retry:cancelsWhenUnused:providesTags:body:)``.
///
/// It is a query whose value is an ``InfiniteQueryData``: subscribe, refetch,
/// patch and select as with any query (through ``query`` for the rest of a
/// query's API), and add pages with ``fetchNextPage(_:)`` and ``fetchPreviousPage(_:)``.
public struct InfiniteQueryEndpoint<
    State: Sendable, Argument: Hashable & Sendable, Page: Equatable & Sendable, PageParam: Equatable & Sendable
>: Sendable {
    /// The query underneath: its entries hold the pages.
    public let query: QueryEndpoint<State, Argument, InfiniteQueryData<Page, PageParam>>
    /// The rules for the pages.
    let paging: InfiniteQueryPaging<Argument, Page, PageParam>

    /// The endpoint's name: the first part of its entries' keys.
    public var name: String { query.name }

    /// The key of this endpoint's entry for `argument`.
    ///
    /// - Parameter argument: The query's argument.
    /// - Returns: The key.
    public func key(_ argument: Argument) -> QueryKey { query.key(argument) }

    /// The action that subscribes to the entry for `argument` (see
    /// ``QueryEndpoint/subscribe(_:keepUnusedDataFor:refetchIfOlderThan:pollingInterval:refetchOnFocus:refetchOnReconnect:)``):
    /// the first subscription fetches the first page; a poll fetches every page again.
    ///
    /// - Parameters:
    ///   - argument: The query's argument.
    ///   - keepUnusedDataFor: How long to keep the entry once this is its last
    ///     subscription to leave, if longer than the endpoint's own time.
    ///   - refetchIfOlderThan: Fetch the pages again if older than this.
    ///   - pollingInterval: Fetch the pages again this long after each answer, while subscribed.
    ///   - refetchOnFocus: Fetch the pages again on the cache's `focused` action.
    ///   - refetchOnReconnect: Fetch the pages again on the cache's `reconnected` action.
    /// - Returns: The action.
    public func subscribe(
        _ argument: Argument, keepUnusedDataFor: Duration? = nil, refetchIfOlderThan: Duration? = nil,
        pollingInterval: Duration? = nil, refetchOnFocus: Bool = false, refetchOnReconnect: Bool = false
    ) -> QuerySubscribe<State> {
        query.subscribe(
            argument, keepUnusedDataFor: keepUnusedDataFor, refetchIfOlderThan: refetchIfOlderThan,
            pollingInterval: pollingInterval, refetchOnFocus: refetchOnFocus, refetchOnReconnect: refetchOnReconnect)
    }

    /// The action that fetches the page after the last of the entry for
    /// `argument` and adds it (RTK Query's `fetchNextPage`). Dispatch it; the
    /// typed dispatch returns the fetch's handle. It fetches nothing when the
    /// entry is not in the cache (subscribe first), has no next page, or has
    /// a request in flight; with no pages yet, it fetches the first.
    ///
    /// - Parameter argument: The query's argument.
    /// - Returns: The fetch, an async thunk action.
    public func fetchNextPage(_ argument: Argument)
        -> AsyncThunkAction<State, QueryFetch<Argument>, InfiniteQueryData<Page, PageParam>>
    {
        query.fetch(QueryFetch(argument: argument, key: key(argument), page: .next))
    }

    /// The action that fetches the page before the first of the entry for
    /// `argument` and adds it (RTK Query's `fetchPreviousPage`), as
    /// ``fetchNextPage(_:)`` does at the other end.
    ///
    /// - Parameter argument: The query's argument.
    /// - Returns: The fetch, an async thunk action.
    public func fetchPreviousPage(_ argument: Argument)
        -> AsyncThunkAction<State, QueryFetch<Argument>, InfiniteQueryData<Page, PageParam>>
    {
        query.fetch(QueryFetch(argument: argument, key: key(argument), page: .previous))
    }

    /// The action that fetches every page of the entry for `argument` again,
    /// in order (see ``QueryEndpoint/refetch(_:)``).
    ///
    /// - Parameter argument: The query's argument.
    /// - Returns: The action.
    public func refetch(_ argument: Argument) -> QueryRefetch { query.refetch(argument) }

    /// Reads this endpoint's entry for `argument`, typed, with whether it has
    /// next and previous pages and which page is being fetched.
    ///
    /// - Parameter argument: The query's argument.
    /// - Returns: A function of the cache's state.
    public func select(_ argument: Argument) -> @Sendable (QueryCacheState) -> InfiniteQueryResult<Page, PageParam> {
        let key = key(argument)
        let paging = paging
        return { cache in
            let entry = cache[key]
            let data = entry?.data?.value(as: InfiniteQueryData<Page, PageParam>.self)
            return InfiniteQueryResult(
                query: QueryResult(entry), hasNextPage: paging.nextPageParam(data, argument) != nil,
                hasPreviousPage: paging.previousPageParam(data, argument) != nil,
                fetchingPage: entry?.status == .pending ? entry?.fetchingPage : nil)
        }
    }
}
