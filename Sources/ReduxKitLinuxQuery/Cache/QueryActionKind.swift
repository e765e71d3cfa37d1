/// An action addressed to one query cache by its name: each of the cache's
/// own actions (a subscription, an update, a removal …), which its reducer and
/// middleware take only from a cache of that name.
protocol QueryCacheAction: Action {
    /// The cache the action is for.
    var cacheName: String { get }
}

/// What an action can be to a query cache, by its type alone: one of a
/// cache's own actions, an async thunk's lifecycle action (perhaps of an
/// endpoint's fetch or mutation), or neither.
///
/// Worked out once per action type, because asking whether a type conforms to
/// a protocol costs more than the rest of an unrelated action's way through
/// the cache: with this, an action the cache does not know costs its reducer
/// a lookup by type (workload 24 in `Docs/Performance.md`).
enum QueryActionKind: Sendable {
    /// One of a cache's own actions (``QueryCacheAction``).
    case cacheAction
    /// An async thunk's pending, fulfilled or rejected action.
    case lifecycle
    /// Neither: no cache does anything with it.
    case unrelated

    /// The kind of every action type met so far, shared by every cache and store.
    private static let kinds = Locked<[ObjectIdentifier: QueryActionKind]>([:])

    /// The kind of `action`'s type.
    static func of(_ action: any Action) -> QueryActionKind {
        let type = ObjectIdentifier(Swift.type(of: action))
        if let kind = kinds.withLock({ $0[type] }) { return kind }
        let kind = workOut(action)
        kinds.withLock { $0[type] = kind }
        return kind
    }

    /// The kind of `action`'s type, worked out.
    static func workOut(_ action: any Action) -> QueryActionKind {
        if action is any QueryCacheAction { return .cacheAction }
        if action is any AsyncThunkLifecycleAction { return .lifecycle }
        return .unrelated
    }
}
