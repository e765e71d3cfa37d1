extension QueryCache {
    /// Adds an infinite query endpoint (RTK Query's `builder.infiniteQuery`):
    /// one entry per argument holds pages, fetched one at a time with a page
    /// parameter, first to last (``InfiniteQueryEndpoint/fetchNextPage(_:)``)
    /// or last to first (``InfiniteQueryEndpoint/fetchPreviousPage(_:)``).
    ///
    /// ```swift
    /// let feed = api.infiniteQuery(
    ///     "feed", initialPageParam: 0,
    ///     nextPageParam: { data, _ in data.pages.last!.isEmpty ? nil : data.pageParams.last! + 1 }
    /// ) { (topic: String, page: Int, context) in
    ///     try await context.dependencies.server.posts(topic, page: page)
    /// }
    /// let subscription = store.dispatch(feed.subscribe("swift"))  // fetches page 0
    /// store.dispatch(feed.fetchNextPage("swift"))                 // adds page 1
    /// ```
    ///
    /// A subscription fetches the first page. A refetch (an invalidation, a
    /// poll, ``InfiniteQueryEndpoint/refetch(_:)``) fetches every page the
    /// entry has again, in order, from its first parameter, as RTK Query does:
    /// one request, whose answer replaces all the pages at once. Only one
    /// request of an entry is in flight at a time: a page asked for meanwhile
    /// is not fetched (ask again once it answered).
    ///
    /// - Parameters:
    ///   - name: Names its entries and actions; unique in this cache.
    ///   - initialPageParam: The first page's parameter.
    ///   - maxPages: How many pages an entry keeps: a page added beyond them
    ///     drops the one at the other end (`nil`: all). Needs `previousPageParam`,
    ///     so that the dropped first pages can be fetched again.
    ///   - nextPageParam: The parameter of the page after the entry's last,
    ///     or `nil` when it has no next page.
    ///   - previousPageParam: The parameter of the page before the entry's
    ///     first, or `nil` when it has none (no previous pages when not given).
    ///   - keepUnusedDataFor: How long an entry is kept once unused.
    ///   - retry: How a failed request is tried again.
    ///   - cancelsWhenUnused: Whether the last subscription leaving cancels the request in flight.
    ///   - providesTags: The tags an answer (all the entry's pages) or failure provides.
    ///   - body: Loads one page; reads its services from `context.dependencies`.
    /// - Returns: The endpoint.
    public func infiniteQuery<
        Argument: Hashable & Sendable, Page: Equatable & Sendable, PageParam: Equatable & Sendable
    >(
        _ name: String, initialPageParam: PageParam, maxPages: Int? = nil,
        nextPageParam: @escaping @Sendable (InfiniteQueryData<Page, PageParam>, Argument) -> PageParam?,
        previousPageParam: (@Sendable (InfiniteQueryData<Page, PageParam>, Argument) -> PageParam?)? = nil,
        keepUnusedDataFor: Duration = .seconds(60), retry: QueryRetry = .never, cancelsWhenUnused: Bool = false,
        providesTags:
            @escaping @Sendable (Result<InfiniteQueryData<Page, PageParam>, any Error>, Argument) ->
            [QueryTag] = { _, _ in [] },
        body: @escaping @Sendable (Argument, PageParam, AsyncThunkContext<State>) async throws -> Page
    ) -> InfiniteQueryEndpoint<State, Argument, Page, PageParam> {
        if let maxPages {
            if maxPages < 1 { Misuse.fail(QueryMisuse.maxPagesBelowOne(name, maxPages)) }
            if previousPageParam == nil { Misuse.fail(QueryMisuse.maxPagesWithoutPreviousPageParam(name)) }
        }
        let paging = InfiniteQueryPaging(
            initialPageParam: initialPageParam, maxPages: maxPages, next: nextPageParam, previous: previousPageParam)
        let path = self.path
        let query = addQuery(
            name, keepUnusedDataFor: keepUnusedDataFor, retry: retry, cancelsWhenUnused: cancelsWhenUnused,
            providesTags: providesTags, streamingUpdates: nil,
            // A page is fetched for an entry in the cache, and only if there is one.
            runs: { fetch, entry in
                guard fetch.page != nil else { return true }
                guard let entry else { return false }
                return paging.hasPage(fetch.page, after: paging.serverData(of: entry), fetch.argument)
            }
        ) { fetch, context in
            let data = paging.serverData(of: try await context.getState()[keyPath: path][fetch.key])
            return try await paging.load(fetch.page, after: data, fetch.argument) { param in
                try await body(fetch.argument, param, context)
            }
        }
        return InfiniteQueryEndpoint(query: query, paging: paging)
    }
}
