import ReduxKitLinux
import ReduxKitLinuxEffects

/// Workload 23: a store per request. A server's request handler (nonisolated
/// async code, as in SwiftNIO) makes a store with the thunk middleware and a
/// listener middleware, dispatches an async thunk, awaits its value, waits for
/// the store's effects, reads the state and drops the store, `count` requests
/// in a row. Each store meets several action types for the first time (the
/// thunk's action, its pending and fulfilled actions, the listener's
/// follow-up), so its per-store, per-action-type caches are filled afresh
/// every request. On a store the request's task owns, and on a `SharedStore`.
/// The floor awaits the same body as a plain async function and does the
/// reducer's and the listener's work in plain Swift.
enum PerRequestStoreWorkload {
    /// A request's state: whether it is loading, the thunk's value, and what the listener audited.
    struct RequestState: Sendable {
        var loading = false
        var value = 0
        var audited = 0

        /// What a request returns: every field, so every action must have been applied.
        var checksum: Int { value &+ audited &* 3 &+ (loading ? 1 : 0) }
    }

    /// The listener's follow-up to the thunk's fulfilled action (a handler's log or audit line).
    struct Audited: Action {
        let value: Int
    }

    /// The request's work: workload 16's body (one suspension, then its argument).
    static let body: @Sendable (Int) async -> Int = AsyncThunkRoundTripWorkload.body

    /// The request's async thunk.
    static let load = AsyncThunk<RequestState, Int, Int>("request/load") { value, _ in await body(value) }

    /// Applies the thunk's pending and fulfilled actions and the listener's follow-up.
    static func reducer(_ state: RequestState?, _ action: any Action) -> RequestState {
        var state = state ?? RequestState()
        if load.pending(action) != nil {
            state.loading = true
        } else if let fulfilled = load.fulfilled(action) {
            state.loading = false
            state.value &+= fulfilled.value
        } else if let audited = action as? Audited {
            state.audited &+= audited.value
        }
        return state
    }

    /// A request's store: the thunk middleware, and a listener middleware with
    /// one listener that audits the thunk's fulfilled action.
    static func makeStore() -> Store<RequestState> {
        let listeners = ListenerMiddleware<RequestState>()
        listeners.addListener(for: AsyncThunk<RequestState, Int, Int>.Fulfilled.self) { fulfilled, context in
            await context.dispatch(Audited(value: fulfilled.value))
        }
        return createStore(reducer, nil, applyMiddleware(thunkMiddleware(), listeners.middleware()))
    }

    /// One request on a store its task owns (made here, in nonisolated code).
    ///
    /// - Returns: The state's checksum.
    nonisolated static func requestOnATaskOwnedStore(_ index: Int) async -> Int {
        let store = makeStore()
        _ = try? await store.dispatch(load(index)).value
        _ = await store.waitForEffects(timeout: .seconds(60))
        return store.state.checksum
    }

    /// One request on a `SharedStore` made for it.
    ///
    /// - Returns: The state's checksum.
    nonisolated static func requestOnASharedStore(_ index: Int) async -> Int {
        let store = SharedStore(makeStore())
        _ = try? await store.dispatch(load(index)).value
        _ = await store.waitForEffects(timeout: .seconds(60))
        return store.getState().checksum
    }

    /// One request without a store: the body awaited as a plain async
    /// function, then the reducer's and the listener's work by hand.
    ///
    /// - Returns: The state's checksum.
    nonisolated static func requestWithoutAStore(_ index: Int) async -> Int {
        var state = RequestState()
        state.loading = true
        let value = await body(index)
        state.loading = false
        state.value &+= value
        state.audited &+= value
        return state.checksum
    }

    /// Where a request's store lives.
    enum Owner {
        case task, sharedStore
    }

    /// `count` requests in a row, from nonisolated code.
    ///
    /// - Returns: The sum of their checksums.
    nonisolated static func requests(_ count: Int, _ request: (Int) async -> Int) async -> Int {
        var total = 0
        for index in 0..<count { total &+= await request(index) }
        return total
    }

    /// Times `count` requests, each with a store of its own, against the floor.
    @MainActor
    static func run(_ owner: Owner, _ count: Int, runs: Int) async -> Row {
        let floor = await Timing.awaiting(runs: runs, setup: { () }) { _ in
            await requests(count, requestWithoutAStore)
        }
        let store = await Timing.awaiting(runs: runs, setup: { () }) { _ in
            switch owner {
            case .task: await requests(count, requestOnATaskOwnedStore)
            case .sharedStore: await requests(count, requestOnASharedStore)
            }
        }
        let kind = owner == .task ? "a store a task owns" : "a shared store"
        let perStore = store.median / count
        let perFloor = floor.median / count
        let added = perStore - perFloor
        let note =
            "store \(microseconds(perStore)), floor \(microseconds(perFloor)) per request; "
            + "store adds \(microseconds(added)) (target ≤ 50 µs)"
        return Row(
            workload:
                "23 a store per request (make, async thunk + listener, await value, waitForEffects, read, drop) "
                + "× \(count.formatted) on \(kind)",
            store: store, floor: floor, note: note)
    }

    /// `duration` in microseconds, one decimal.
    static func microseconds(_ duration: Duration) -> String {
        let value = Double(duration.attoseconds) / 1e12
        return "\((value * 10).rounded() / 10) µs"
    }
}
