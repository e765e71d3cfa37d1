import Foundation

/// The cancellation ID of an entry's eviction timer.
struct QueryEvictionID: Hashable, Sendable {
    let cacheName: String
    let key: QueryKey
}

extension QueryCache {
    /// The cache's middleware: put it after `thunkMiddleware()` (whose async
    /// thunks run the fetches), with the same dependencies.
    ///
    /// It takes subscriptions (keeping their count out of the state), starts
    /// the fetches they need, refetches invalidated entries that have
    /// subscribers, and evicts an unused entry after its keep time on the
    /// dependencies' clock. It can be installed in several stores; each keeps
    /// its own subscriptions and timers.
    ///
    /// - Parameter dependencies: The clock the keep times run on, and the
    ///   `date` the entries' times and ages are read from.
    /// - Returns: The middleware.
    public func middleware(dependencies: EffectDependencies = EffectDependencies()) -> Middleware<State> {
        { api in
            let subscriptions = QuerySubscriptions()
            let listeners = ListenerMiddleware<State>(dependencies: dependencies)
            self.addEvictionTimer(to: listeners, subscriptions: subscriptions)
            let throughListeners = listeners.middleware()(api)
            let leaving = QueryLeavingRoute(cacheName: self.name, route: api.route)
            return { next in
                let next = throughListeners(next)
                return { action in
                    if let subscribe = action as? QuerySubscribe<State>, subscribe.cacheName == self.name {
                        return self.subscribe(
                            subscribe, api: api, next: next, subscriptions: subscriptions, leaving: leaving,
                            now: dependencies.date())
                    }
                    if let unsubscribe = action as? QueryUnsubscribe, unsubscribe.cacheName == self.name {
                        let keep = self.endpoint(named: unsubscribe.key.endpoint)?.keepUnusedDataFor ?? .zero
                        _ = subscriptions.remove(unsubscribe.token, of: unsubscribe.key, endpointKeep: keep)
                        return next(action)  // the eviction timer, a listener, starts on it
                    }
                    guard let endpoint = self.endpoint(of: action) else { return next(action) }
                    let result = next(action)
                    self.refetchInvalidated(after: action, of: endpoint, api: api, subscriptions: subscriptions)
                    return result
                }
            }
        }
    }

    /// Takes a subscription: counts it, stops its entry's eviction timer, and
    /// fetches if the entry has no fresh data and no request in flight.
    private func subscribe(
        _ subscribe: QuerySubscribe<State>, api: MiddlewareApi<State>, next: DispatchFunction,
        subscriptions: QuerySubscriptions, leaving: QueryLeavingRoute<State>, now: Date
    ) -> any Action {
        let key = subscribe.key
        let added = subscriptions.add(key, keepUnusedDataFor: subscribe.options.keepUnusedDataFor)
        _ = next(subscribe)
        if added.wasUnused { _ = api.dispatch(CancelEffects(id: QueryEvictionID(cacheName: name, key: key))) }
        let entry = api.getState()[keyPath: path][key]
        if Self.needsFetch(entry, refetchIfOlderThan: subscribe.options.refetchIfOlderThan, now: now) {
            endpoint(named: key.endpoint)?.fetch(key, through: api.dispatch)
        }
        return QuerySubscribed(subscription: QuerySubscription(key: key, token: added.token, leave: leaving))
    }

    /// Whether a new subscription to `entry` fetches: it has no data, its last
    /// request failed, it was invalidated, or its data is older than asked;
    /// never while a request is in flight.
    static func needsFetch(_ entry: QueryEntry?, refetchIfOlderThan: Duration?, now: Date) -> Bool {
        guard let entry else { return true }
        switch entry.status {
        case .pending: return false
        case .uninitialized, .rejected: return true
        case .fulfilled:
            if entry.isInvalidated { return true }
            guard let limit = refetchIfOlderThan, let fulfilledAt = entry.fulfilledAt else { return false }
            return Duration.seconds(now.timeIntervalSince(fulfilledAt)) >= limit
        }
    }

    /// After a query's request settles, fetches its entry again if it was
    /// invalidated meanwhile; after a mutation settles, fetches the entries it
    /// invalidated. Only entries with subscribers: the others stay
    /// invalidated and fetch on their next subscribe.
    private func refetchInvalidated(
        after action: any Action, of endpoint: any QueryEndpointBehaviour, api: MiddlewareApi<State>,
        subscriptions: QuerySubscriptions
    ) {
        let cache = api.getState()[keyPath: path]
        var keys: Set<QueryKey> = []
        if let key = endpoint.keySettled(by: action) {
            keys.insert(key)
        } else {
            let tags = endpoint.tagsInvalidated(by: action)
            if tags.isEmpty { return }
            keys = cache.provided.keys(invalidatedBy: tags)
        }
        for key in keys {
            guard let entry = cache[key], entry.isInvalidated, entry.status != .pending,
                subscriptions.count(of: key) > 0
            else { continue }
            self.endpoint(named: key.endpoint)?.fetch(key, through: api.dispatch)
        }
    }

    /// The eviction timer: once an entry's last subscription leaves, waits
    /// its keep time on the clock, then removes it unless a subscription came
    /// meanwhile (which also cancels the timer).
    private func addEvictionTimer(to listeners: ListenerMiddleware<State>, subscriptions: QuerySubscriptions) {
        let name = self.name
        listeners.addListener(
            for: QueryUnsubscribe.self, policy: .latest,
            cancellationID: { QueryEvictionID(cacheName: $0.cacheName, key: $0.key) }
        ) { unsubscribe, context in
            guard unsubscribe.cacheName == name, let keep = subscriptions.keepTime(ifUnused: unsubscribe.key) else {
                return
            }
            try await context.delay(keep)
            guard subscriptions.evict(unsubscribe.key) else { return }
            await context.dispatch(QueryEntryRemoved(cacheName: name, key: unsubscribe.key))
        }
    }
}
