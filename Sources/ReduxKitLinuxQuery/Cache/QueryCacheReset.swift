/// Empties a cache (RTK Query's `api.util.resetApiState`): made by
/// ``QueryCache/resetState()``. Every entry goes at once; requests in flight,
/// eviction timers and streams are cancelled; subscriptions stay, and each
/// subscribed entry is fetched again from nothing (no data of before the
/// reset is shown after it).
public struct QueryCacheReset: Action, QueryCacheAction {
    /// The cache it is for.
    public let cacheName: String

    /// `"<cache>/resetState"`.
    public var type: String { "\(cacheName)/resetState" }
}

extension QueryCache {
    /// The action that empties this cache (RTK Query's `resetApiState`), as
    /// when the user signs out: no entry, and so no data of the old user, is
    /// left; subscriptions stay, and fetch their entries again. Dispatch it.
    ///
    /// - Returns: The action.
    public func resetState() -> QueryCacheReset { QueryCacheReset(cacheName: name) }

    /// Takes a reset: empties the state (the reducer), then cancels what ran
    /// for the old entries and fetches the subscribed ones again.
    func reset(
        _ reset: QueryCacheReset, api: MiddlewareApi<State>, next: DispatchFunction, runtime: QueryRuntime
    ) -> any Action {
        let before = api.getState()[keyPath: path]
        let streams = before.entries.ids.compactMap { key in runtime.streams.end(key).map { (key, $0) } }
        let result = next(reset)
        for (key, stream) in streams { cancelStream(stream, of: key, api: api) }
        for key in before.pending { _ = api.dispatch(CancelEffects(id: QueryFetchID(cacheName: name, key: key))) }
        let keys = runtime.subscriptions.reset()
        for key in keys.forgotten { _ = api.dispatch(CancelEffects(id: QueryEvictionID(cacheName: name, key: key))) }
        for key in keys.subscribed { endpoint(named: key.endpoint)?.fetch(key, through: api.dispatch) }
        return result
    }
}
