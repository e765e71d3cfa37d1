/// One change to one cache entry: a patch laid over the server's data, or
/// new server data (made by ``QueryEndpoint/patch(_:_:)`` and
/// ``QueryEndpoint/upsert(_:_:)``). A mutation applies them optimistically or
/// on success; ``QueryCache/update(_:)`` applies them by hand.
public struct QueryCacheUpdate: Sendable {
    /// The entry changed.
    public let key: QueryKey
    /// What changes.
    let change: Change

    enum Change: Sendable {
        /// A layer over the server's data (the entry's visible data is the
        /// server's with every layer applied in order).
        case patch(@Sendable (QueryValue) -> QueryValue)
        /// New server data.
        case upsert(QueryValue)
    }

    /// A patch of the entry `key`, whose data is a `Value`: `transform`
    /// changes it (data of another type is left as it is).
    init<Value: Equatable & Sendable>(key: QueryKey, patching transform: @escaping @Sendable (inout Value) -> Void) {
        self.key = key
        self.change = .patch { value in
            guard var typed = value.value(as: Value.self) else { return value }
            transform(&typed)
            return QueryValue(typed)
        }
    }

    init(key: QueryKey, change: Change) {
        self.key = key
        self.change = change
    }
}

/// Which change a patch layer came from: a mutation's run, or a hand-made update.
public struct QueryPatchID: Hashable, Sendable, CustomStringConvertible {
    /// The mutation run whose optimistic update it is, if any.
    public let request: RequestID?
    /// The number of a hand-made update (``QueryCache/update(_:)``), else 0.
    public let number: UInt64

    /// The layers of the mutation run `request`.
    init(request: RequestID) {
        self.request = request
        self.number = 0
    }

    /// The layers of a hand-made update numbered `number`.
    init(number: UInt64) {
        self.request = nil
        self.number = number
    }

    /// `mutation 7` or `update 3`.
    public var description: String { request.map { "mutation \($0)" } ?? "update \(number)" }
}

/// One patch laid over an entry's server data.
public struct QueryPatchLayer: Equatable, Sendable {
    /// Where it came from.
    public let id: QueryPatchID
    /// Whether its change is done (its mutation succeeded, or it was made by
    /// hand): it stays until an answer fetched after that replaces the data.
    public internal(set) var isCommitted: Bool
    /// The request whose answer will replace it, once one started after it
    /// was committed.
    public internal(set) var replacedByAnswerOf: RequestID?
    /// The change.
    let apply: @Sendable (QueryValue) -> QueryValue

    /// Whether both are the same layer in the same state (their changes are
    /// the same when their IDs are).
    ///
    /// - Parameters:
    ///   - lhs: A layer.
    ///   - rhs: Another.
    /// - Returns: Whether they are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.id == rhs.id && lhs.isCommitted == rhs.isCommitted && lhs.replacedByAnswerOf == rhs.replacedByAnswerOf
    }
}
