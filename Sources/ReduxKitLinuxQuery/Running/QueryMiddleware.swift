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
            let runtime = QueryRuntime(
                subscriptions: QuerySubscriptions(), polls: QueryPolls(), streams: QueryStreams(),
                timeline: QueryTimeline(clock: dependencies.clock))
            let listeners = ListenerMiddleware<State>(dependencies: dependencies)
            self.addEvictionTimer(to: listeners, subscriptions: runtime.subscriptions)
            self.addPollLoop(to: listeners, runtime: runtime)
            self.addStreamListener(to: listeners)
            let throughListeners = listeners.middleware()(api)
            let leaving = QueryLeavingRoute(cacheName: self.name, route: api.route)
            let now = dependencies.date
            // Worked out once per action type: an action the cache does not know goes straight on.
            let kinds = ActionTypeMemo(QueryActionKind.workOut)
            return { next in
                let next = self.startingEvictionOfRestored(
                    throughListeners(next), api: api, subscriptions: runtime.subscriptions)
                return { action in
                    switch kinds.value(for: action) {
                    case .unrelated:
                        return next(action)
                    case .lifecycle:
                        guard let endpoint = self.endpoint(of: action) else { return next(action) }
                        return self.take(action, of: endpoint, api: api, next: next, runtime: runtime)
                    case .cacheAction:
                        guard let addressed = action as? any QueryCacheAction, addressed.cacheName == self.name else {
                            return next(action)
                        }
                        return self.take(addressed, api: api, next: next, runtime: runtime, leaving: leaving, now: now)
                    }
                }
            }
        }
    }

    /// Takes one of this cache's own actions.
    private func take(
        _ action: any QueryCacheAction, api: MiddlewareApi<State>, next: DispatchFunction, runtime: QueryRuntime,
        leaving: QueryLeavingRoute<State>, now: @Sendable () -> Date
    ) -> any Action {
        switch action {
        case let subscribe as QuerySubscribe<State>:
            return self.subscribe(subscribe, api: api, next: next, runtime: runtime, leaving: leaving, now: now())
        case let unsubscribe as QueryUnsubscribe:
            return self.unsubscribe(unsubscribe, api: api, next: next, runtime: runtime)
        case let event as QueryAppEvent:
            let result = next(action)
            fetch(runtime.subscriptions.keys(refetchingOn: event.kind), api: api)
            return result
        case let prefetch as QueryPrefetch:
            return self.prefetch(prefetch, api: api, next: next, runtime: runtime, now: now())
        case let updated as QueryCacheUpdated:
            return update(updated, api: api, next: next, runtime: runtime, now: now())
        case let refetch as QueryRefetch:
            let result = next(action)
            fetch([refetch.key], api: api)
            return result
        case let streamed as QueryDataStreamed:
            // Dropped unless its stream is still the entry's: checked inside the dispatch.
            return runtime.streams.isLive(streamed.stream, of: streamed.key) ? next(action) : action
        case let invalidated as QueryTagsInvalidated:
            let result = next(action)
            refetch(invalidatedBy: invalidated.tags, api: api, subscriptions: runtime.subscriptions)
            return result
        case let reset as QueryCacheReset:
            return self.reset(reset, api: api, next: next, runtime: runtime)
        case let removed as QueryEntryRemoved:
            // Its updates are dropped from here; its task is cancelled once the entry is gone.
            let stream = runtime.streams.end(removed.key)
            let result = next(action)
            if let stream { cancelStream(stream, of: removed.key, api: api) }
            return result
        default:
            return next(action)
        }
    }

    /// Takes a lifecycle action of one of this cache's endpoints: notes a
    /// settled request for polling, starts a new entry's stream, and refetches
    /// what the action left invalidated.
    private func take(
        _ action: any Action, of endpoint: any QueryEndpointBehaviour, api: MiddlewareApi<State>,
        next: DispatchFunction, runtime: QueryRuntime
    ) -> any Action {
        if let key = endpoint.keySettled(by: action) {
            runtime.polls.settled(key, now: runtime.timeline.now)
        }
        let added = keyAddedWithStream(by: action, of: endpoint, api: api)
        let result = next(action)
        if let added { startStream(of: added, api: api, streams: runtime.streams) }
        refetchInvalidated(after: action, of: endpoint, api: api, subscriptions: runtime.subscriptions)
        return result
    }

    /// Fetches each of `keys` that is in the cache with no request in flight.
    private func fetch(_ keys: some Sequence<QueryKey>, api: MiddlewareApi<State>) {
        let cache = api.getState()[keyPath: path]
        for key in keys {
            guard let entry = cache[key], entry.status != .pending else { continue }
            endpoint(named: key.endpoint)?.fetch(key, through: api.dispatch)
        }
    }

    /// Takes a subscription's leaving: uncounts it, stops its polling, and,
    /// if it was the entry's last, cancels the request in flight when the
    /// endpoint asks (the eviction timer, a listener, starts on the action).
    private func unsubscribe(
        _ unsubscribe: QueryUnsubscribe, api: MiddlewareApi<State>, next: DispatchFunction, runtime: QueryRuntime
    ) -> any Action {
        let endpoint = self.endpoint(named: unsubscribe.key.endpoint)
        let wasLast =
            runtime.subscriptions.remove(
                unsubscribe.token, of: unsubscribe.key, endpointKeep: endpoint?.keepUnusedDataFor ?? .zero) != nil
        runtime.polls.remove(unsubscribe.key, token: unsubscribe.token)
        let result = next(unsubscribe)
        if wasLast, endpoint?.cancelsWhenUnused == true,
            api.getState()[keyPath: path][unsubscribe.key]?.status == .pending
        {
            _ = api.dispatch(CancelEffects(id: QueryFetchID(cacheName: name, key: unsubscribe.key)))
        }
        return result
    }

    /// Takes a subscription: counts it, stops its entry's eviction timer, and
    /// fetches if the entry has no fresh data and no request in flight.
    private func subscribe(
        _ subscribe: QuerySubscribe<State>, api: MiddlewareApi<State>, next: DispatchFunction,
        runtime: QueryRuntime, leaving: QueryLeavingRoute<State>, now: Date
    ) -> any Action {
        let key = subscribe.key
        let added = runtime.subscriptions.add(key, options: subscribe.options)
        if let interval = subscribe.options.pollingInterval {
            runtime.polls.add(key, token: added.token, every: interval, now: runtime.timeline.now)
        }
        _ = next(subscribe)  // the poll loop, a listener, starts on it if it is to
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
        if let key = endpoint.keySettled(by: action) {
            refetch([key], api: api, subscriptions: subscriptions)
        } else {
            refetch(invalidatedBy: endpoint.tagsInvalidated(by: action), api: api, subscriptions: subscriptions)
        }
    }

    /// Fetches again the entries that provided `tags`, once invalidated (see ``refetch(_:api:subscriptions:)``).
    private func refetch(invalidatedBy tags: [QueryTag], api: MiddlewareApi<State>, subscriptions: QuerySubscriptions) {
        guard !tags.isEmpty else { return }
        refetch(
            api.getState()[keyPath: path].provided.keys(invalidatedBy: tags), api: api, subscriptions: subscriptions)
    }

    /// Fetches again each of `keys` whose entry is invalidated, has no request
    /// in flight and has subscribers.
    private func refetch(_ keys: some Sequence<QueryKey>, api: MiddlewareApi<State>, subscriptions: QuerySubscriptions)
    {
        let cache = api.getState()[keyPath: path]
        for key in keys {
            guard let entry = cache[key], entry.isInvalidated, entry.status != .pending,
                subscriptions.count(of: key) > 0
            else { continue }
            self.endpoint(named: key.endpoint)?.fetch(key, through: api.dispatch)
        }
    }

    /// The poll loop, one per store: waits on the clock for the earliest
    /// poll's deadline (or for the schedule to change), fetches the entries
    /// due, and ends when nothing is polled. Started by the subscription
    /// that asked for the first poll.
    private func addPollLoop(to listeners: ListenerMiddleware<State>, runtime: QueryRuntime) {
        let name = self.name
        let polls = runtime.polls
        let timeline = runtime.timeline
        // Only the subscription that asks for the first poll starts a run: a
        // run per subscription, returning at once, would cost each a task.
        listeners.addListener(
            named: "\(name)/pollLoop", ofType: { $0 is QuerySubscribe<State> },
            where: { ($0 as? QuerySubscribe<State>)?.cacheName == name && polls.startIsPending }
        ) { _, context in
            guard polls.claimStart() else { return }
            while let (deadline, shortestInterval, version) = polls.nextWait() {
                // `take` computes its timeout and puts its sleep on the clock
                // without suspending, so a test clock moved meanwhile makes
                // the wait shorter, never late. The schedule changes inside a
                // dispatch, which the take sees; one that came between
                // `nextWait()` and the take (another thread's, on a
                // `SharedStore`) is caught at the next wake: the wait is never
                // longer than the shortest interval.
                let wait = min(deadline.map { $0 - timeline.now } ?? shortestInterval, shortestInterval)
                if wait > .zero,
                    try await context.take({ _, _, _ in polls.version != version }, timeout: wait) != nil
                {
                    continue
                }
                for key in polls.takeDue(at: timeline.now) {
                    // Skipped by the fetch's condition if a request is in flight: it reschedules when it ends.
                    if let fetch = self.endpoint(named: key.endpoint)?.fetchAction(key) {
                        await context.dispatch(fetch)
                    }
                }
            }
        }
    }

    /// The eviction timer: once an entry's last subscription leaves (or an
    /// entry is made with none, ``QueryEntryUnused``), waits
    /// its keep time on the clock, then removes it unless a subscription came
    /// meanwhile (which also cancels the timer).
    private func addEvictionTimer(to listeners: ListenerMiddleware<State>, subscriptions: QuerySubscriptions) {
        let name = self.name
        // Only the last subscription of an entry to leave starts a run.
        listeners.addListener(
            named: "\(name)/evictionTimer", ofType: { $0 is QueryUnsubscribe || $0 is QueryEntryUnused },
            where: { action in
                guard let leaving = Self.leaving(action), leaving.cacheName == name else { return false }
                return subscriptions.keepTime(ifUnused: leaving.key) != nil
            },
            policy: .latest,
            cancellationID: { Self.leaving($0).map { QueryEvictionID(cacheName: $0.cacheName, key: $0.key) } }
        ) { action, context in
            guard let leaving = Self.leaving(action), let keep = subscriptions.keepTime(ifUnused: leaving.key) else {
                return
            }
            try await context.delay(keep)
            guard subscriptions.evict(leaving.key) else { return }
            await context.dispatch(QueryEntryRemoved(cacheName: name, key: leaving.key))
        }
    }
}

/// What one store's cache middleware keeps beside the state: its
/// subscriptions, its polls, its entries' streams, and the clock they run on.
struct QueryRuntime: Sendable {
    let subscriptions: QuerySubscriptions
    let polls: QueryPolls
    let streams: QueryStreams
    let timeline: QueryTimeline
}
