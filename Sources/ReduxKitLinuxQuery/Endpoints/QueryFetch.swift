/// What a query endpoint's fetch, an async thunk, is run with: the query's
/// argument and the entry it fills. It is the `argument` of the fetch's
/// pending, fulfilled and rejected actions.
public struct QueryFetch<Argument: Hashable & Sendable>: Sendable, CustomStringConvertible {
    /// The query's argument.
    public let argument: Argument
    /// The entry the answer goes to.
    public let key: QueryKey
    /// The page an infinite query's fetch adds (`nil`: a query's fetch, or an
    /// infinite query's first page, or its refetch of every page it has).
    public let page: QueryPageDirection?

    /// A fetch of `argument` for the entry `key`, adding `page` if an infinite query's.
    init(argument: Argument, key: QueryKey, page: QueryPageDirection? = nil) {
        self.argument = argument
        self.key = key
        self.page = page
    }

    /// The entry's key, as `todos(42)`, then the page it adds, if any (`feed(1) next page`).
    public var description: String {
        guard let page else { return key.description }
        return "\(key) \(page) page"
    }
}

/// Which page an infinite query's fetch adds.
public enum QueryPageDirection: Hashable, Sendable, CustomStringConvertible {
    /// The page after the last one (RTK Query's `fetchNextPage`).
    case next
    /// The page before the first one (RTK Query's `fetchPreviousPage`).
    case previous

    /// `next` or `previous`.
    public var description: String {
        switch self {
        case .next: "next"
        case .previous: "previous"
        }
    }
}

/// How an endpoint's fetches and answers reach its cache, whatever its
/// argument and value types: what a ``QueryCache`` keeps of each endpoint.
protocol QueryEndpointBehaviour: Sendable {
    /// The endpoint's name.
    var name: String { get }
    /// The type prefix of its async thunk's actions.
    var typePrefix: String { get }
    /// How long an entry of this endpoint is kept once unused.
    var keepUnusedDataFor: Duration { get }
    /// Whether the last subscription leaving cancels the request in flight.
    var cancelsWhenUnused: Bool { get }
    /// Applies `action`, one of this endpoint's lifecycle actions, to `cache`.
    func reduce(_ cache: inout QueryCacheState, _ action: any Action)
    /// The tags `action` (one of this endpoint's lifecycle actions) invalidates:
    /// a mutation's, once it settled; `[]` for anything else.
    func tagsInvalidated(by action: any Action) -> [QueryTag]
    /// The key of the entry whose request `action` (one of this endpoint's lifecycle actions) starts, if a query's.
    func keyStarted(by action: any Action) -> QueryKey?
    /// The key of the entry `action` (one of this endpoint's lifecycle actions) settled, if a query's.
    func keySettled(by action: any Action) -> QueryKey?
    /// Starts a fetch of the entry `key` through `dispatch` (the store's whole chain).
    func fetch(_ key: QueryKey, through dispatch: DispatchFunction)
    /// The action that fetches the entry `key`, for an effect to dispatch.
    func fetchAction(_ key: QueryKey) -> (any Action)?
}
