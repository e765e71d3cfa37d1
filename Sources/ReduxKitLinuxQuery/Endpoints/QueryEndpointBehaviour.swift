import Foundation

/// A query endpoint's part in its cache: reduces its fetch's lifecycle
/// actions into entries, and starts fetches.
struct QueryFetching<State: Sendable, Argument: Hashable & Sendable, Value: Equatable & Sendable>:
    QueryEndpointBehaviour
{
    let name: String
    let fetch: AsyncThunk<State, QueryFetch<Argument>, Value>
    let keepUnusedDataFor: Duration
    let cancelsWhenUnused: Bool
    let providesTags: @Sendable (Result<Value, any Error>, Argument) -> [QueryTag]

    var typePrefix: String { fetch.typePrefix }

    func reduce(_ cache: inout QueryCacheState, _ action: any Action) {
        if let pending = fetch.pending(action) {
            let key = pending.argument.key
            var entry = cache[key] ?? QueryEntry(key: key)
            entry.status = .pending
            entry.requestID = pending.requestID
            entry.startedAt = pending.meta(as: Date.self)
            entry.isInvalidated = false
            entry.tagsInvalidatedInFlight = []
            entry.fetchingPage = pending.argument.page
            entry.committedLayersAwait(pending.requestID)
            cache.put(entry)
        } else if let fulfilled = fetch.fulfilled(action) {
            settle(fulfilled.argument, request: fulfilled.requestID, in: &cache) { entry in
                entry.status = .fulfilled
                entry.answered(fulfilled.requestID, with: QueryValue(fulfilled.value))
                entry.error = nil
                entry.fulfilledAt = fulfilled.meta(as: Date.self)
                return providesTags(.success(fulfilled.value), fulfilled.argument.argument)
            }
        } else if let rejected = fetch.rejected(action) {
            settle(rejected.argument, request: rejected.requestID, in: &cache) { entry in
                entry.failed(rejected.requestID)
                if rejected.wasCancelled {
                    // Cancelled (its last subscriber left, or the store ended it): back to what it had.
                    entry.status = entry.data == nil ? .uninitialized : .fulfilled
                    return entry.providedTags
                }
                entry.status = .rejected
                entry.error = rejected.serializedError
                return providesTags(.failure(rejected.error), rejected.argument.argument)
            }
        }
    }

    /// Applies a settled request's outcome (`apply`, which returns the tags
    /// the entry now provides) if the request is the entry's latest: an
    /// overtaken request, or one whose entry was removed, changes nothing.
    private func settle(
        _ fetch: QueryFetch<Argument>, request: RequestID, in cache: inout QueryCacheState,
        _ apply: (inout QueryEntry) -> [QueryTag]
    ) {
        guard var entry = cache[fetch.key], entry.requestID == request, entry.status == .pending else { return }
        let tags = apply(&entry)
        entry.providedTags = tags
        entry.fetchingPage = nil
        // Invalidated while it ran, before it provided these tags: fetch again.
        if tags.contains(where: { tag in entry.tagsInvalidatedInFlight.contains { tag.isInvalidated(by: $0) } }) {
            entry.isInvalidated = true
        }
        entry.tagsInvalidatedInFlight = []
        cache.put(entry)
    }

    func tagsInvalidated(by action: any Action) -> [QueryTag] { [] }

    func keyStarted(by action: any Action) -> QueryKey? { fetch.pending(action)?.argument.key }

    func keySettled(by action: any Action) -> QueryKey? {
        if let fulfilled = fetch.fulfilled(action) { return fulfilled.argument.key }
        if let rejected = fetch.rejected(action) { return rejected.argument.key }
        return nil
    }

    func fetchAction(_ key: QueryKey) -> (any Action)? {
        guard let argument = key.argument.value(as: Argument.self) else { return nil }
        return fetch(QueryFetch(argument: argument, key: key))
    }

    func fetch(_ key: QueryKey, through dispatch: DispatchFunction) {
        guard let action = fetchAction(key) else { return }
        // The thunk middleware answers with the run's handle; the action coming back means it is missing.
        if dispatch(action) is AsyncThunkAction<State, QueryFetch<Argument>, Value> {
            Misuse.fail(QueryMisuse.middlewareWithoutThunks(String(fetch.typePrefix.split(separator: "/")[0])))
        }
    }
}

/// A mutation endpoint's part in its cache: its optimistic update while it
/// runs (undone if it fails), its update on success, and the tags it
/// invalidates once it settles.
struct MutationInvalidating<State: Sendable, Argument: Sendable, Value: Sendable>: QueryEndpointBehaviour {
    let name: String
    let mutation: AsyncThunk<State, Argument, Value>
    let invalidatesTags: @Sendable (Result<Value, any Error>, Argument) -> [QueryTag]
    let optimisticUpdates: @Sendable (Argument) -> [QueryCacheUpdate]
    let updatesOnSuccess: @Sendable (Argument, Value) -> [QueryCacheUpdate]

    var typePrefix: String { mutation.typePrefix }
    var keepUnusedDataFor: Duration { .zero }
    var cancelsWhenUnused: Bool { false }

    func reduce(_ cache: inout QueryCacheState, _ action: any Action) {
        if let pending = mutation.pending(action) {
            let id = QueryPatchID(request: pending.requestID)
            cache.change(optimisticUpdates(pending.argument)) { entry, updates in
                entry.apply(updates, id: id, committed: false)
            }
        } else if let fulfilled = mutation.fulfilled(action) {
            let id = QueryPatchID(request: fulfilled.requestID)
            cache.changeEntries(withLayersOf: id) { $0.commitLayers(of: id) }
            cache.change(updatesOnSuccess(fulfilled.argument, fulfilled.value)) { entry, updates in
                entry.write(updates)
            }
        } else if let rejected = mutation.rejected(action) {
            let id = QueryPatchID(request: rejected.requestID)
            cache.changeEntries(withLayersOf: id) { $0.removeLayers(of: id) }
        }
        cache.invalidate(tagsInvalidated(by: action))
    }

    func tagsInvalidated(by action: any Action) -> [QueryTag] {
        if let fulfilled = mutation.fulfilled(action) {
            return invalidatesTags(.success(fulfilled.value), fulfilled.argument)
        }
        if let rejected = mutation.rejected(action), !rejected.wasCancelled, !rejected.wasSkippedByCondition {
            return invalidatesTags(.failure(rejected.error), rejected.argument)
        }
        return []
    }

    func keyStarted(by action: any Action) -> QueryKey? { nil }

    func keySettled(by action: any Action) -> QueryKey? { nil }

    func fetch(_ key: QueryKey, through dispatch: DispatchFunction) {}

    func fetchAction(_ key: QueryKey) -> (any Action)? { nil }
}
