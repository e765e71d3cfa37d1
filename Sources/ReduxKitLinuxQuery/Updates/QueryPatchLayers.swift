extension QueryEntry {
    /// Lays `updates` for this entry over it: patches become layers (with
    /// `id`), upserts replace the server's data.
    mutating func apply(_ updates: [QueryCacheUpdate], id: QueryPatchID, committed: Bool) {
        for update in updates where update.key == key {
            switch update.change {
            case .patch(let apply):
                layers.append(QueryPatchLayer(id: id, isCommitted: committed, apply: apply))
            case .upsert(let value):
                serverData = value
                if status != .pending { status = .fulfilled }
            }
        }
        showLayers()
    }

    /// Writes `updates` into the server's data itself (a mutation's answer,
    /// which is the server's truth: no layer to undo).
    mutating func write(_ updates: [QueryCacheUpdate]) {
        for update in updates where update.key == key {
            switch update.change {
            case .patch(let apply): serverData = serverData.map(apply)
            case .upsert(let value):
                serverData = value
                if status != .pending { status = .fulfilled }
            }
        }
        showLayers()
    }

    /// Removes the layers of `id` (an undo, or a failed mutation's).
    mutating func removeLayers(of id: QueryPatchID) {
        layers.removeAll { $0.id == id }
        showLayers()
    }

    /// Marks the layers of `id` done: they stay until an answer fetched after now.
    mutating func commitLayers(of id: QueryPatchID) {
        for index in layers.indices where layers[index].id == id { layers[index].isCommitted = true }
    }

    /// A request starts: its answer will replace the layers already committed.
    mutating func committedLayersAwait(_ request: RequestID) {
        for index in layers.indices where layers[index].isCommitted && layers[index].replacedByAnswerOf == nil {
            layers[index].replacedByAnswerOf = request
        }
    }

    /// The request `request` answered with `value`: the new server data, under
    /// the layers it does not replace.
    mutating func answered(_ request: RequestID, with value: QueryValue) {
        serverData = value
        layers.removeAll { $0.replacedByAnswerOf == request }
        showLayers()
    }

    /// The request `request` failed: the committed layers waiting for its answer wait for the next.
    mutating func failed(_ request: RequestID) {
        for index in layers.indices where layers[index].replacedByAnswerOf == request {
            layers[index].replacedByAnswerOf = nil
        }
    }

    /// The visible data: the server's, with every layer applied in order (nothing before any data came).
    private mutating func showLayers() {
        data = serverData.map { server in layers.reduce(server) { $1.apply($0) } }
    }
}
