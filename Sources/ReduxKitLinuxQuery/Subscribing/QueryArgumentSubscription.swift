/// One screen's subscription to an endpoint whose argument changes, or is
/// not known yet (what RTK Query's query hook does with its argument and
/// `skip`): subscribing to a new argument subscribes to its entry first, then
/// leaves the previous one; `nil` leaves it and subscribes to nothing.
///
/// ```swift
/// let todo = QueryArgumentSubscription(TodoAPI.todo, in: store, refetchIfOlderThan: .seconds(30))
/// todo.subscribe(to: 42)     // fetches todo 42
/// todo.subscribe(to: 43)     // fetches todo 43, then leaves 42 (kept for its keep time)
/// todo.subscribe(to: nil)    // skip: leaves 43
/// ```
///
/// It holds the store, so it is not `Sendable`: keep it where the store is
/// used (a view model on the main actor, a request handler's task).
public final class QueryArgumentSubscription<
    State: Sendable, Argument: Hashable & Sendable, Value: Equatable & Sendable
> {
    private let store: any DispatchingStore<State>
    private let subscribeAction: (Argument) -> QuerySubscribe<State>
    private var current: (argument: Argument, subscription: QuerySubscription)?

    /// A subscription to no entry yet, whose subscriptions will ask what
    /// `endpoint`'s `subscribe` asks with these options.
    ///
    /// - Parameters:
    ///   - endpoint: The query.
    ///   - store: The store whose cache it subscribes to.
    ///   - keepUnusedDataFor: How long to keep an entry once left, if longer than the endpoint's time.
    ///   - refetchIfOlderThan: Fetch again on subscribing if the data is older than this (RTK
    ///     Query's `refetchOnMountOrArgChange`).
    ///   - pollingInterval: Fetch again this long after each answer, while subscribed.
    ///   - refetchOnFocus: Fetch again on the cache's `focused` action.
    ///   - refetchOnReconnect: Fetch again on the cache's `reconnected` action.
    public init(
        _ endpoint: QueryEndpoint<State, Argument, Value>, in store: some DispatchingStore<State>,
        keepUnusedDataFor: Duration? = nil, refetchIfOlderThan: Duration? = nil, pollingInterval: Duration? = nil,
        refetchOnFocus: Bool = false, refetchOnReconnect: Bool = false
    ) {
        self.store = store
        subscribeAction = { argument in
            endpoint.subscribe(
                argument, keepUnusedDataFor: keepUnusedDataFor, refetchIfOlderThan: refetchIfOlderThan,
                pollingInterval: pollingInterval, refetchOnFocus: refetchOnFocus, refetchOnReconnect: refetchOnReconnect
            )
        }
    }

    /// The argument subscribed to, if any.
    public var argument: Argument? { current?.argument }

    /// The entry subscribed to, if any.
    public var key: QueryKey? { current?.subscription.key }

    /// Subscribes to the entry for `argument` (nothing changes if it is the
    /// one subscribed to), then leaves the previous one; `nil` only leaves it.
    ///
    /// - Parameters:
    ///   - argument: The query's argument, or `nil` while there is none (RTK Query's `skip`).
    ///   - isolation: The actor the caller runs on, if any; leave it out.
    public func subscribe(to argument: Argument?, isolation: isolated (any Actor)? = #isolation) {
        if let current, current.argument == argument { return }
        let previous = current
        current = argument.map { ($0, store.dispatch(subscribeAction($0), isolation: isolation)) }
        previous?.subscription.unsubscribe(isolation: isolation)
    }

    /// Leaves the entry subscribed to, if any.
    ///
    /// - Parameter isolation: The actor the caller runs on, if any; leave it out.
    public func unsubscribe(isolation: isolated (any Actor)? = #isolation) {
        subscribe(to: nil, isolation: isolation)
    }
}
