import ReduxKitLinux
import ReduxKitLinuxEffects

/// Workload 16: an async thunk's round trip, dispatch → body → fulfilled
/// reduced → the handle's value, awaited one after another, on a main-actor
/// store and on a shared store. The floor awaits the same body as a plain
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

    @MainActor
    static func run(shared: Bool, _ count: Int, runs: Int) async -> Row {
        let floor = await Timing.awaiting(runs: runs, setup: { () }) { _ in
            var total = 0
            for index in 0..<count { total &+= await body(index) }
            return total
        }
        let store: Timing
        if shared {
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
        let kind = shared ? "a shared store" : "a main-actor store"
        return Row(
            workload: "16 async thunk round trip (dispatch, body, fulfilled reduced, value) on \(kind)",
            store: store, floor: floor, note: "reported, no target")
    }
}
