extension QueryEndpoint {
    /// A memoized selector of this endpoint's entry for `argument` (RTK
    /// Query's `endpoint.select(arg)`, made with `createSelector`): the typed
    /// result is made again only when the entry changed, so a screen that
    /// renders on a new result renders only for its own entry.
    ///
    /// ```swift
    /// let todo = TodoAPI.todo.selector(42)                  // one per screen: it remembers its last result
    /// store.subscribe(select: { todo($0.api) }) { render($0) }
    /// ```
    ///
    /// - Parameter argument: The query's argument.
    /// - Returns: A selector of the cache's state (not `Sendable`: keep it where its store is).
    public func selector(_ argument: Argument) -> MemoizedSelector<QueryCacheState, QueryResult<Value>> {
        let key = key(argument)
        return createSelector({ (cache: QueryCacheState) in cache[key] }) { QueryResult($0) }
    }
}

extension QueryEndpoint where Argument == NoArgument {
    /// A memoized selector of the entry of a query that takes no argument (see ``selector(_:)``).
    ///
    /// - Returns: A selector of the cache's state.
    public func selector() -> MemoizedSelector<QueryCacheState, QueryResult<Value>> { selector(NoArgument()) }
}

extension QueryCache {
    /// A memoized selector of the entries that invalidating `tags` would
    /// reach (RTK Query's `selectInvalidatedBy`): for a tag with an id, those
    /// that provided it; for a tag without one, every entry that provided a
    /// tag of its type. Made again only when the tags entries provide change.
    ///
    /// - Parameter tags: The tags.
    /// - Returns: A selector of the cache's state giving the entries' keys,
    ///   in the order the entries were first fetched.
    public func entries(invalidatedBy tags: [QueryTag]) -> MemoizedSelector<QueryCacheState, [QueryKey]> {
        createSelector(
            { (cache: QueryCacheState) in cache.provided }, { (cache: QueryCacheState) in cache.entries.ids }
        ) { provided, ids in
            let reached = provided.keys(invalidatedBy: tags)
            return ids.filter { reached.contains($0) }
        }
    }
}
