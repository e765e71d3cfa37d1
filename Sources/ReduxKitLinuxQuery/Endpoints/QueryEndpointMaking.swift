import Foundation

extension QueryCache {
    /// Makes and registers a query endpoint whose fetch, an async thunk, runs
    /// `load` (retried as `retry` says): what ``query(_:keepUnusedDataFor:retry:cancelsWhenUnused:providesTags:streamingUpdates:body:)``
    /// and ``infiniteQuery(_:initialPageParam:maxPages:nextPageParam:previousPageParam:keepUnusedDataFor:retry:cancelsWhenUnused:providesTags:body:)`` share.
    ///
    /// - Parameters:
    ///   - runs: Whether a fetch of an entry (`nil` when it is not in the
    ///     cache) runs at all; checked in the dispatch, after the rule every
    ///     fetch has (none while one is in flight).
    ///   - load: Loads the entry's new server data.
    func addQuery<Argument: Hashable & Sendable, Value: Equatable & Sendable>(
        _ name: String, keepUnusedDataFor: Duration, retry: QueryRetry, cancelsWhenUnused: Bool,
        providesTags: @escaping @Sendable (Result<Value, any Error>, Argument) -> [QueryTag],
        streamingUpdates: (@Sendable (Argument, QueryStreamContext<State, Value>) async throws -> Void)?,
        runs: @escaping @Sendable (QueryFetch<Argument>, QueryEntry?) -> Bool = { _, _ in true },
        load: @escaping @Sendable (QueryFetch<Argument>, AsyncThunkContext<State>) async throws -> Value
    ) -> QueryEndpoint<State, Argument, Value> {
        let path = self.path
        let cacheName = self.name
        let fetch = AsyncThunk<State, QueryFetch<Argument>, Value>(
            "\(self.name)/\(name)",
            // Identical requests run the body once: none starts while one is in flight.
            condition: { fetch, context in
                let entry = context.state[keyPath: path][fetch.key]
                return entry?.status != .pending && runs(fetch, entry)
            },
            pendingMeta: { _, context in context.dependencies.date() },
            cancellationID: { QueryFetchID(cacheName: cacheName, key: $0.key) }
        ) { fetch, context in
            var attempt = 0
            while true {
                do {
                    let value = try await load(fetch, context)
                    return context.fulfillWithValue(value, meta: context.dependencies.date())
                } catch {
                    if error is CancellationError || Task.isCancelled || attempt >= retry.maxRetries { throw error }
                    attempt += 1
                    try await context.dependencies.clock.sleep(for: retry.backoff(attempt))
                }
            }
        }
        register(
            QueryFetching(
                name: name, fetch: fetch, keepUnusedDataFor: keepUnusedDataFor,
                cancelsWhenUnused: cancelsWhenUnused || retry.maxRetries > 0, providesTags: providesTags))
        if let streamingUpdates {
            streams.withLock { streams in
                streams[name] = QueryStreaming { added, listener in
                    guard let argument = added.key.argument.value(as: Argument.self) else { return }
                    try await streamingUpdates(
                        argument,
                        QueryStreamContext(
                            key: added.key, listener: listener, path: path, cacheName: cacheName, stream: added.stream))
                }
            }
        }
        return QueryEndpoint(name: name, cacheName: self.name, fetch: fetch, keepUnusedDataFor: keepUnusedDataFor)
    }
}
