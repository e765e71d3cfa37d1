import Foundation

/// A cache of server data kept in the store's state: endpoints that fetch,
/// entries kept per argument, subscriptions that keep them, tags that
/// invalidate them (Redux Toolkit's RTK Query `createApi`).
///
/// ```swift
/// struct AppState: Equatable, Sendable { var api = QueryCacheState() }
///
/// let api = QueryCache<AppState>("api", state: \.api)
/// let todos = api.query("todos", providesTags: { _, _ in [QueryTag("Todo")] }) { (_: NoArgument, context) in
///     try await context.dependencies.todoClient.fetchTodos()
/// }
/// let addTodo = api.mutation("addTodo", invalidatesTags: { _, _ in [QueryTag("Todo")] }) {
///     (title: String, context) in try await context.dependencies.todoClient.add(title)
/// }
///
/// let store = createStore(
///     { state, action in api.reduce(&state.api, action) }, AppState(),
///     applyMiddleware(thunkMiddleware(dependencies: dependencies), api.middleware(dependencies: dependencies)))
/// let subscription = store.dispatch(todos.subscribe())  // fetches
/// todos.select()(store.state.api).data                   // the todos, once fetched
/// subscription.unsubscribe()                             // kept 60 s, then evicted
/// ```
///
/// It is built from the effects product's pieces: each fetch is a run of an
/// ``/ReduxKitLinuxEffects/AsyncThunk`` (its pending, fulfilled and rejected actions fill the
/// entry), the eviction timer is a listener on the effects' clock, entries
/// are kept as an ``/ReduxKitLinux/EntityAdapter`` keeps them. Subscriber counts are kept by
/// the middleware, out of the reduced state.
public final class QueryCache<State: Sendable>: Sendable {
    /// The cache's name: the first part of its actions' types.
    public let name: String
    /// Where the cache's state is in the store's state.
    let path: WritableKeyPath<State, QueryCacheState> & Sendable
    /// The endpoints, by their actions' type prefix.
    private let endpoints = Locked<[String: any QueryEndpointBehaviour]>([:])
    /// The streams of updates of the endpoints that have one, by endpoint name.
    let streams = Locked<[String: QueryStreaming<State>]>([:])
    /// Its endpoints and restorations counted, for restoring decoded entries.
    let restorations = QueryRestorations()

    /// A cache whose state is at `path` in the store's state.
    ///
    /// - Parameters:
    ///   - name: Names its actions (`"api/todos/pending"`); give each cache of
    ///     a store its own.
    ///   - path: Where its ``QueryCacheState`` is in the store's state.
    public init(_ name: String = "api", state path: WritableKeyPath<State, QueryCacheState> & Sendable) {
        self.name = name
        self.path = path
    }

    /// Adds a query endpoint (RTK Query's `builder.query`).
    ///
    /// - Parameters:
    ///   - name: Names its entries and actions; unique in this cache.
    ///   - keepUnusedDataFor: How long an entry is kept once no one
    ///     subscribes to it, on the effects' clock (60 s, as in RTK Query).
    ///   - retry: How a failed request is tried again (not at all by default).
    ///   - cancelsWhenUnused: Whether the last subscription leaving cancels
    ///     the request in flight (RTK Query only aborts at eviction); an
    ///     endpoint that retries always does.
    ///   - providesTags: The tags an answer (or failure) provides.
    ///   - streamingUpdates: Streams changes into each new entry while it is
    ///     in the cache (RTK Query's `onCacheEntryAdded`): it starts right after
    ///     the entry's first request starts, and is cancelled when the entry
    ///     is removed (see ``QueryStreamContext``).
    ///   - body: Loads the value; reads its services from `context.dependencies`.
    /// - Returns: The endpoint.
    public func query<Argument: Hashable & Sendable, Value: Equatable & Sendable>(
        _ name: String, keepUnusedDataFor: Duration = .seconds(60), retry: QueryRetry = .never,
        cancelsWhenUnused: Bool = false,
        providesTags: @escaping @Sendable (Result<Value, any Error>, Argument) -> [QueryTag] = { _, _ in [] },
        streamingUpdates: (@Sendable (Argument, QueryStreamContext<State, Value>) async throws -> Void)? = nil,
        body: @escaping @Sendable (Argument, AsyncThunkContext<State>) async throws -> Value
    ) -> QueryEndpoint<State, Argument, Value> {
        addQuery(
            name, keepUnusedDataFor: keepUnusedDataFor, retry: retry, cancelsWhenUnused: cancelsWhenUnused,
            providesTags: providesTags, streamingUpdates: streamingUpdates
        ) { fetch, context in try await body(fetch.argument, context) }
    }

    /// Adds a mutation endpoint (RTK Query's `builder.mutation`): an async
    /// thunk that can patch cached entries while it runs, write its answer
    /// into them, and invalidate tags once it settles. Dispatch
    /// `addTodo(title)` to run it; the typed dispatch returns its
    /// ``/ReduxKitLinuxEffects/AsyncThunkHandle``.
    ///
    /// ```swift
    /// let addTodo = api.mutation(
    ///     "addTodo",
    ///     optimisticUpdates: { title in [todos.patch(NoArgument()) { $0.append(Todo(id: -1, title: title)) }] },
    ///     invalidatesTags: { _, _ in [QueryTag("Todo")] }
    /// ) { (title: String, context) in try await context.dependencies.server.add(title) }
    /// ```
    ///
    /// An optimistic update is a layer over the server's data, laid when the
    /// mutation starts (in its pending action): if the mutation fails, its
    /// layer goes, and the others stay; if it succeeds, the layer stays until
    /// an answer fetched after that replaces it, so the data never flickers
    /// back. An answer that lands while a layer is there goes under it.
    ///
    /// - Parameters:
    ///   - name: Names its actions; unique in this cache.
    ///   - optimisticUpdates: The patches to lay over cached entries while it
    ///     runs (RTK Query's `onQueryStarted` with `updateQueryData`).
    ///   - updatesOnSuccess: The changes its answer makes to cached entries,
    ///     written into their server data (a pessimistic update).
    ///   - invalidatesTags: The tags its answer (or failure) invalidates.
    ///   - body: Performs the change; reads its services from `context.dependencies`.
    /// - Returns: The mutation, an async thunk.
    public func mutation<Argument: Sendable, Value: Sendable>(
        _ name: String,
        optimisticUpdates: @escaping @Sendable (Argument) -> [QueryCacheUpdate] = { _ in [] },
        updatesOnSuccess: @escaping @Sendable (Argument, Value) -> [QueryCacheUpdate] = { _, _ in [] },
        invalidatesTags: @escaping @Sendable (Result<Value, any Error>, Argument) -> [QueryTag] = { _, _ in [] },
        body: @escaping @Sendable (Argument, AsyncThunkContext<State>) async throws -> Value
    ) -> AsyncThunk<State, Argument, Value> {
        let mutation = AsyncThunk<State, Argument, Value>("\(self.name)/\(name)", body: body)
        register(
            MutationInvalidating(
                name: name, mutation: mutation, invalidatesTags: invalidatesTags,
                optimisticUpdates: optimisticUpdates, updatesOnSuccess: updatesOnSuccess))
        return mutation
    }

    /// The action that changes cached entries by hand (RTK Query's
    /// `updateQueryData` and `upsertQueryData`): patches are laid over the
    /// server's data as committed layers (an answer fetched after this
    /// replaces them), upserts replace it. Dispatch it; its ``QueryCacheUpdated/undo``
    /// action takes its patches back.
    ///
    /// - Parameter updates: Made by an endpoint's `patch` and `upsert`.
    /// - Returns: The action.
    public func update(_ updates: [QueryCacheUpdate]) -> QueryCacheUpdated {
        QueryCacheUpdated(cacheName: name, id: QueryPatchID(number: QueryUpdateNumbers.next()), updates: updates)
    }

    func register(_ endpoint: any QueryEndpointBehaviour) {
        endpoints.withLock { endpoints in
            if endpoints[endpoint.typePrefix] != nil {
                Misuse.fail(QueryMisuse.duplicateEndpoint(endpoint.name, in: name))
            }
            endpoints[endpoint.typePrefix] = endpoint
        }
        restorations.endpointAdded()
    }

    /// The endpoint whose lifecycle action `action` is, if it is one of this cache's.
    func endpoint(of action: any Action) -> (any QueryEndpointBehaviour)? {
        guard let lifecycle = action as? any AsyncThunkLifecycleAction else { return nil }
        return endpoints.withLock { $0[lifecycle.typePrefix] }
    }

    /// The action the app dispatches when it comes back to the foreground:
    /// subscriptions made with `refetchOnFocus` fetch again (RTK Query's `onFocus`).
    public var focused: QueryAppEvent { QueryAppEvent(cacheName: name, kind: .focused) }

    /// The action the app dispatches when the network comes back:
    /// subscriptions made with `refetchOnReconnect` fetch again (RTK Query's `onOnline`).
    public var reconnected: QueryAppEvent { QueryAppEvent(cacheName: name, kind: .reconnected) }

    /// The endpoint named `name`.
    func endpoint(named name: String) -> (any QueryEndpointBehaviour)? {
        endpoints.withLock { $0["\(self.name)/\(name)"] }
    }

    /// The stream of updates of the endpoint named `name`, if it has one.
    func streaming(named name: String) -> QueryStreaming<State>? {
        streams.withLock { $0[name] }
    }

    /// The cache's reducer: call it from your reducer with the cache's part
    /// of the state (`api.reduce(&state.api, action)`).
    ///
    /// - Parameters:
    ///   - state: The cache's state.
    ///   - action: Any action; only the cache's own change its state.
    public func reduce(_ state: inout QueryCacheState, _ action: any Action) {
        if !state.unrestored.entries.isEmpty { restoreEntries(in: &state) }
        switch QueryActionKind.of(action) {
        case .unrelated: return
        case .lifecycle: endpoint(of: action)?.reduce(&state, action)
        case .cacheAction:
            guard let addressed = action as? any QueryCacheAction, addressed.cacheName == name else { return }
            reduce(&state, addressed)
        }
    }

    /// Applies one of this cache's own actions.
    private func reduce(_ state: inout QueryCacheState, _ action: any QueryCacheAction) {
        switch action {
        case let removed as QueryEntryRemoved:
            state.remove(removed.key)
        case let updated as QueryCacheUpdated:
            state.create(upsertsOf: updated.updates, fulfilledAt: updated.createdAt)
            state.change(updated.updates) { entry, updates in entry.apply(updates, id: updated.id, committed: true) }
        case let refetch as QueryRefetch:
            guard var entry = state[refetch.key], entry.status == .pending else { return }
            entry.isInvalidated = true  // one more fetch follows the one in flight
            state[refetch.key] = entry
        case let invalidated as QueryTagsInvalidated:
            state.invalidate(invalidated.tags)
        case is QueryCacheReset:
            state = QueryCacheState()
        case let undone as QueryPatchUndone:
            state.changeEntries(withLayersOf: undone.id) { $0.removeLayers(of: undone.id) }
        case let streamed as QueryDataStreamed:
            state.change([streamed.update]) { entry, updates in
                // Written in when nothing could put it out of order; else a committed
                // layer, which an answer to a request started before it does not erase.
                if entry.layers.isEmpty, entry.status != .pending {
                    entry.write(updates)
                } else {
                    entry.apply(updates, id: streamed.id, committed: true)
                }
            }
        default: return
        }
    }
}
