import Foundation

/// What an endpoint's `streamingUpdates` gets (RTK Query's
/// `onCacheEntryAdded` arguments): the entry's first data, a way to change the
/// entry's data, the effects' dependencies and the store.
///
/// ```swift
/// let messages = api.query(
///     "messages",
///     streamingUpdates: { (channel: String, stream) in
///         _ = try await stream.firstData()  // as RTK's cacheDataLoaded: the first answer is in
///         for await message in stream.dependencies.chat.messages(channel) {
///             await stream.updateCachedData { $0.append(message) }
///         }
///     }
/// ) { channel, context in try await context.dependencies.chat.history(channel) }
/// ```
///
/// The stream runs while the entry is in the cache: it starts right after the
/// entry's first request starts, and its task is cancelled when the entry is
/// removed (its keep time passed with no subscriber) or the store goes. An
/// update made after that is dropped, even one already on its way.
public struct QueryStreamContext<State: Sendable, Value: Equatable & Sendable>: Sendable {
    /// The entry the stream updates.
    public let key: QueryKey
    /// The listener run the stream is.
    let listener: ListenerContext<State>
    /// Where the cache's state is in the store's state.
    let path: WritableKeyPath<State, QueryCacheState> & Sendable
    let cacheName: String
    /// The stream's number, checked by the middleware on each update.
    let stream: UInt64

    /// The effects' dependencies (the cache middleware's).
    public var dependencies: EffectDependencies { listener.dependencies }

    /// Whether the stream was cancelled: its entry was removed, or the store went.
    public var isCancelled: Bool { listener.isCancelled }

    /// Waits for the entry's first data (RTK Query's `cacheDataLoaded`): at
    /// once if it has some, else until a request answers (a failed request
    /// does not end the wait; the next answer does).
    ///
    /// - Returns: The entry's data.
    /// - Throws: `CancellationError` if the entry is removed first (or the store goes).
    nonisolated(nonsending) public func firstData() async throws -> Value {
        let path = path
        let key = key
        _ = try await listener.condition { $0[keyPath: path][key]?.serverData != nil }
        guard let value = try await listener.getState()[keyPath: path][key]?.data?.value(as: Value.self) else {
            throw CancellationError()  // removed between the two reads
        }
        return value
    }

    /// Changes the entry's data (RTK Query's `updateCachedData`), by
    /// dispatching a ``QueryDataStreamed`` action. Changes made before the
    /// entry has data are kept as a layer and applied to it when it comes:
    /// await ``firstData()`` first if the first answer already holds them.
    ///
    /// - Parameter transform: Changes the data.
    nonisolated(nonsending) public func updateCachedData(_ transform: @escaping @Sendable (inout Value) -> Void)
        async
    {
        let update = QueryCacheUpdate(key: key, patching: transform)
        _ = await listener.dispatch(
            QueryDataStreamed(
                cacheName: cacheName, key: key, id: QueryPatchID(number: QueryUpdateNumbers.next()), stream: stream,
                update: update))
    }

    /// Dispatches `action` to the store (dropped once the stream is cancelled).
    ///
    /// - Parameter action: The action.
    /// - Returns: What the dispatch returned, or `nil` if it was dropped.
    @discardableResult
    nonisolated(nonsending) public func dispatch(_ action: any Action) async -> (any Action)? {
        await listener.dispatch(action)
    }

    /// The store's current state.
    ///
    /// - Returns: The state.
    /// - Throws: `CancellationError` if the store is gone.
    nonisolated(nonsending) public func getState() async throws -> State {
        try await listener.getState()
    }
}
