import Foundation

extension QueryCache {
    /// Takes a prefetch: fetches if the entry needs it (as a subscription
    /// would, with `ifOlderThan`), then, if no one subscribes to the entry,
    /// starts its eviction timer.
    func prefetch(
        _ prefetch: QueryPrefetch, api: MiddlewareApi<State>, next: DispatchFunction, runtime: QueryRuntime, now: Date
    ) -> any Action {
        let result = next(prefetch)
        let key = prefetch.key
        if Self.needsFetch(api.getState()[keyPath: path][key], refetchIfOlderThan: prefetch.ifOlderThan, now: now) {
            endpoint(named: key.endpoint)?.fetch(key, through: api.dispatch)
        }
        keepUnused(key, api: api, subscriptions: runtime.subscriptions)
        return result
    }

    /// Takes a hand-made update: stamps the entries its upserts make with
    /// `now`, and starts the eviction timer of each made with no subscription.
    func update(
        _ updated: QueryCacheUpdated, api: MiddlewareApi<State>, next: DispatchFunction, runtime: QueryRuntime,
        now: Date
    ) -> any Action {
        let cache = api.getState()[keyPath: path]
        let made = updated.upsertedKeys.filter { cache[$0] == nil }
        guard !made.isEmpty else { return next(updated) }
        var stamped = updated
        stamped.createdAt = now
        let result = next(stamped)
        for key in made { keepUnused(key, api: api, subscriptions: runtime.subscriptions) }
        return result
    }

    /// Starts the eviction timer of the entry `key` if it is in the cache
    /// with no subscription and no timer running, by dispatching ``QueryEntryUnused``.
    func keepUnused(_ key: QueryKey, api: MiddlewareApi<State>, subscriptions: QuerySubscriptions) {
        guard api.getState()[keyPath: path][key] != nil, let endpoint = endpoint(named: key.endpoint),
            subscriptions.markUnused(key, keep: endpoint.keepUnusedDataFor)
        else { return }
        _ = api.dispatch(QueryEntryUnused(cacheName: name, key: key))
    }

    /// The entry an action may leave with no subscription: a subscription's
    /// leaving, or an entry made with none.
    static func leaving(_ action: any Action) -> (cacheName: String, key: QueryKey)? {
        if let unsubscribe = action as? QueryUnsubscribe { return (unsubscribe.cacheName, unsubscribe.key) }
        if let unused = action as? QueryEntryUnused { return (unused.cacheName, unused.key) }
        return nil
    }
}
