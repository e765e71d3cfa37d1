/// An endpoint's stream of updates, typed by the store's state: what a cache
/// keeps of each endpoint made with `streamingUpdates`.
struct QueryStreaming<State: Sendable>: Sendable {
    /// Runs the stream of the entry `QueryEntryAdded` names, as a listener's run.
    let run: @Sendable (QueryEntryAdded, ListenerContext<State>) async throws -> Void

    init(_ run: @escaping @Sendable (QueryEntryAdded, ListenerContext<State>) async throws -> Void) {
        self.run = run
    }
}

extension QueryCache {
    /// The listener that runs each new entry's stream, tagged with the
    /// stream's ID, until the entry's removal cancels it.
    func addStreamListener(to listeners: ListenerMiddleware<State>) {
        let name = self.name
        listeners.addListener(
            for: QueryEntryAdded.self,
            cancellationID: { QueryStreamID(cacheName: $0.cacheName, key: $0.key, stream: $0.stream) }
        ) { added, context in
            guard added.cacheName == name, let streaming = self.streaming(named: added.key.endpoint) else { return }
            try await streaming.run(added, context)
        }
    }

    /// The key of the entry `action` is about to add, if it is the pending
    /// action of a new entry of an endpoint that streams (asked before the
    /// reducer sees it).
    func keyAddedWithStream(
        by action: any Action, of endpoint: any QueryEndpointBehaviour, api: MiddlewareApi<State>
    ) -> QueryKey? {
        guard let key = endpoint.keyStarted(by: action), streaming(named: key.endpoint) != nil,
            api.getState()[keyPath: path][key] == nil
        else { return nil }
        return key
    }

    /// Starts the stream of the entry `key`, just added, with a number of its own.
    func startStream(of key: QueryKey, api: MiddlewareApi<State>, streams: QueryStreams) {
        guard api.getState()[keyPath: path][key] != nil else { return }
        _ = api.dispatch(QueryEntryAdded(cacheName: name, key: key, stream: streams.start(key)))
    }

    /// Cancels the task of the stream numbered `stream` of the entry `key`,
    /// just removed (its updates were dropped from the removal on).
    func cancelStream(_ stream: UInt64, of key: QueryKey, api: MiddlewareApi<State>) {
        _ = api.dispatch(CancelEffects(id: QueryStreamID(cacheName: name, key: key, stream: stream)))
    }
}
