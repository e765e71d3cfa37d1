import Foundation

/// A query: an async body that loads a `Value` for an `Argument`, whose
/// answers the cache keeps per argument (RTK Query's query endpoint). Made by
/// ``QueryCache/query(_:keepUnusedDataFor:retry:cancelsWhenUnused:providesTags:streamingUpdates:body:)``.
///
/// Dispatch ``subscribe(_:keepUnusedDataFor:refetchIfOlderThan:pollingInterval:refetchOnFocus:refetchOnReconnect:)`` to use its
/// data: the first subscriber fetches it, identical subscribers share it, and
/// it is kept for `keepUnusedDataFor` after the last one leaves. Read it with
/// ``select(_:)``.
public struct QueryEndpoint<State: Sendable, Argument: Hashable & Sendable, Value: Equatable & Sendable>: Sendable {
    /// The endpoint's name: the first part of its entries' keys.
    public let name: String
    /// The async thunk each fetch runs: its pending, fulfilled and rejected
    /// actions (`"<cache>/<endpoint>/pending"` …) are what a test receives.
    public let fetch: AsyncThunk<State, QueryFetch<Argument>, Value>
    /// How long an entry is kept once no one subscribes to it.
    public let keepUnusedDataFor: Duration
    /// The cache's name, which subscriptions are addressed to.
    let cacheName: String

    init(
        name: String, cacheName: String, fetch: AsyncThunk<State, QueryFetch<Argument>, Value>,
        keepUnusedDataFor: Duration
    ) {
        self.name = name
        self.cacheName = cacheName
        self.fetch = fetch
        self.keepUnusedDataFor = keepUnusedDataFor
    }

    /// The key of this endpoint's entry for `argument`.
    ///
    /// - Parameter argument: The query's argument.
    /// - Returns: The key.
    public func key(_ argument: Argument) -> QueryKey {
        QueryKey(endpoint: name, argument: argument)
    }

    /// The action that subscribes to the entry for `argument`: dispatch it
    /// (`store.dispatch(todos.subscribe(listID))`) to get a
    /// ``QuerySubscription``. The first subscription fetches; later ones
    /// share the entry, and fetch again only if it failed, was invalidated,
    /// or is older than `refetchIfOlderThan`.
    ///
    /// - Parameters:
    ///   - argument: The query's argument.
    ///   - keepUnusedDataFor: How long to keep the entry once this is its last
    ///     subscription to leave, if longer than the endpoint's own time.
    ///   - refetchIfOlderThan: Fetch again if the data is older than this
    ///     (RTK Query's `refetchOnMountOrArgChange` with a number of seconds;
    ///     `.zero`: on every subscribe).
    ///   - pollingInterval: Fetch again this long after each answer (or
    ///     failure) while subscribed, on the effects' clock; the shortest
    ///     interval of the entry's subscriptions wins, and a poll never
    ///     overlaps a request in flight.
    ///   - refetchOnFocus: Fetch again when the app dispatches the cache's
    ///     ``QueryCache/focused`` action.
    ///   - refetchOnReconnect: Fetch again when the app dispatches the cache's
    ///     ``QueryCache/reconnected`` action.
    /// - Returns: The action.
    public func subscribe(
        _ argument: Argument, keepUnusedDataFor: Duration? = nil, refetchIfOlderThan: Duration? = nil,
        pollingInterval: Duration? = nil, refetchOnFocus: Bool = false, refetchOnReconnect: Bool = false
    ) -> QuerySubscribe<State> {
        QuerySubscribe(
            cacheName: cacheName, key: key(argument),
            options: QuerySubscriptionOptions(
                keepUnusedDataFor: keepUnusedDataFor, refetchIfOlderThan: refetchIfOlderThan,
                pollingInterval: pollingInterval.map { max($0, .nanoseconds(1)) }, refetchOnFocus: refetchOnFocus,
                refetchOnReconnect: refetchOnReconnect))
    }

    /// The action that fetches the entry for `argument` again now (RTK Query's
    /// `refetch`); if a request is in flight, one more follows it. An entry
    /// not in the cache is not fetched.
    ///
    /// - Parameter argument: The query's argument.
    /// - Returns: The action.
    public func refetch(_ argument: Argument) -> QueryRefetch {
        QueryRefetch(cacheName: cacheName, key: key(argument))
    }

    /// The action that loads the entry for `argument` before anyone
    /// subscribes (RTK Query's `prefetch`): it fetches unless the entry has
    /// fresh data or a request in flight; an entry with no subscription is
    /// kept for the endpoint's keep time, then evicted.
    ///
    /// - Parameters:
    ///   - argument: The query's argument.
    ///   - ifOlderThan: Fetch again if the data is older than this (RTK
    ///     Query's `ifOlderThan`; `.zero`: always, its `force`).
    /// - Returns: The action.
    public func prefetch(_ argument: Argument, ifOlderThan: Duration? = nil) -> QueryPrefetch {
        QueryPrefetch(cacheName: cacheName, key: key(argument), ifOlderThan: ifOlderThan)
    }

    /// A patch of the entry for `argument`: `transform` changes its data, as
    /// a layer over the server's (see ``QueryCache/update(_:)`` and the
    /// mutation's `optimisticUpdates`). An entry with no data yet gets the
    /// layer, applied once data comes.
    ///
    /// - Parameters:
    ///   - argument: The query's argument.
    ///   - transform: Changes the data.
    /// - Returns: The update.
    public func patch(_ argument: Argument, _ transform: @escaping @Sendable (inout Value) -> Void)
        -> QueryCacheUpdate
    {
        QueryCacheUpdate(key: key(argument), patching: transform)
    }

    /// New server data for the entry for `argument` (RTK Query's
    /// `upsertQueryData`). Dispatched by hand (``QueryCache/update(_:)``), it
    /// makes the entry if it is not in the cache (kept for the endpoint's keep
    /// time if no one subscribes); in a mutation's updates, it changes only
    /// an entry that is there.
    ///
    /// - Parameters:
    ///   - argument: The query's argument.
    ///   - value: The data.
    /// - Returns: The update.
    public func upsert(_ argument: Argument, _ value: Value) -> QueryCacheUpdate {
        QueryCacheUpdate(key: key(argument), change: .upsert(QueryValue(value)))
    }

    /// Reads this endpoint's entry for `argument` from the cache's state, typed.
    ///
    /// - Parameter argument: The query's argument.
    /// - Returns: A function of the cache's state.
    public func select(_ argument: Argument) -> @Sendable (QueryCacheState) -> QueryResult<Value> {
        let key = key(argument)
        return { QueryResult($0[key]) }
    }
}

extension QueryEndpoint where Argument == NoArgument {
    /// The action that subscribes to the entry of a query that takes no
    /// argument (see ``subscribe(_:keepUnusedDataFor:refetchIfOlderThan:pollingInterval:refetchOnFocus:refetchOnReconnect:)``).
    ///
    /// - Parameters:
    ///   - keepUnusedDataFor: How long to keep the entry once this is its last
    ///     subscription to leave, if longer than the endpoint's own time.
    ///   - refetchIfOlderThan: Fetch again if the data is older than this.
    ///   - pollingInterval: Fetch again this long after each answer, while subscribed.
    ///   - refetchOnFocus: Fetch again on the cache's `focused` action.
    ///   - refetchOnReconnect: Fetch again on the cache's `reconnected` action.
    /// - Returns: The action.
    public func subscribe(
        keepUnusedDataFor: Duration? = nil, refetchIfOlderThan: Duration? = nil, pollingInterval: Duration? = nil,
        refetchOnFocus: Bool = false, refetchOnReconnect: Bool = false
    ) -> QuerySubscribe<State> {
        subscribe(
            NoArgument(), keepUnusedDataFor: keepUnusedDataFor, refetchIfOlderThan: refetchIfOlderThan,
            pollingInterval: pollingInterval, refetchOnFocus: refetchOnFocus, refetchOnReconnect: refetchOnReconnect)
    }

    /// The action that loads the entry of a query that takes no argument
    /// before anyone subscribes (see ``prefetch(_:ifOlderThan:)``).
    ///
    /// - Parameter ifOlderThan: Fetch again if the data is older than this.
    /// - Returns: The action.
    public func prefetch(ifOlderThan: Duration? = nil) -> QueryPrefetch {
        prefetch(NoArgument(), ifOlderThan: ifOlderThan)
    }

    /// Reads the entry of a query that takes no argument, typed.
    ///
    /// - Returns: A function of the cache's state.
    public func select() -> @Sendable (QueryCacheState) -> QueryResult<Value> { select(NoArgument()) }
}
