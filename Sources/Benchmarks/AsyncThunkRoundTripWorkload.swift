import ReduxKitLinux
import ReduxKitLinuxEffects

/// Workload 16: an async thunk's round trip, dispatch → body → fulfilled
/// reduced → the handle's value, awaited one after another, on a main-actor
/// store, on a shared store, and on a store a task owns (made in nonisolated
/// code: the fulfilled action is posted, and applied at the owner's read). The floor awaits the same body as a plain
/// async function (no store, no lifecycle actions).
enum AsyncThunkRoundTripWorkload {
    /// The body: returns its argument, after a suspension as a real effect has.
    static let body: @Sendable (Int) async -> Int = { value in
        await Task.yield()
        return value
    }

    static let echo = AsyncThunk<Int, Int, Int>("echo") { value, _ in await body(value) }

    static func reducer(_ state: Int?, _ action: any Action) -> Int {
        (state ?? 0) &+ (echo.fulfilled(action)?.value ?? 0)
    }

    /// Where the store lives.
    enum Owner {
        case mainActor, sharedStore, task
    }

    /// `count` round trips on a store made here, in nonisolated code (the task owns it).
    nonisolated static func roundTripsOnATaskOwnedStore(_ count: Int) async -> Int {
        let store = createStore(reducer, nil, applyMiddleware(thunkMiddleware()))
        for index in 0..<count { _ = try? await store.dispatch(echo(index)).value }
        return store.getState()
    }

    @MainActor
    static func run(_ owner: Owner, _ count: Int, runs: Int) async -> Row {
        let floor = await Timing.awaiting(runs: runs, setup: { () }) { _ in
            var total = 0
            for index in 0..<count { total &+= await body(index) }
            return total
        }
        let store: Timing
        if owner == .task {
            store = await Timing.awaiting(runs: runs, setup: { () }) { _ in
                await roundTripsOnATaskOwnedStore(count)
            }
        } else if owner == .sharedStore {
            store = await Timing.awaiting(
                runs: runs, setup: { SharedStore(createStore(reducer, nil, applyMiddleware(thunkMiddleware()))) }
            ) { shared in
                for index in 0..<count { _ = try? await shared.dispatch(echo(index)).value }
                return shared.getState()
            }
        } else {
            store = await Timing.awaiting(
                runs: runs, setup: { createStore(reducer, nil, applyMiddleware(thunkMiddleware())) }
            ) { store in
                for index in 0..<count { _ = try? await store.dispatch(echo(index)).value }
                return store.state
            }
        }
        let kind =
            switch owner {
            case .mainActor: "a main-actor store"
            case .sharedStore: "a shared store"
            case .task: "a store a task owns"
            }
        return Row(
            workload: "16 async thunk round trip (dispatch, body, fulfilled reduced, value) on \(kind)",
            store: store, floor: floor, note: "reported, no target")
    }
}
