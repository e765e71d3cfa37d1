// expect-output: request 7 answered 707 with 2 notes; the listener said pong 5
// A plain store in a request handler (nonisolated async code, the task owns it): an async thunk
// awaited, then the state; a listener's effect, awaited with waitForEffects. What the effects
// dispatch after they suspend is posted, and the owner applies it at its next use of the store.
import ReduxKitLinuxEffects

struct Loaded: Action { let value: Int }
struct Ping: Action { let value: Int }
struct Pong: Action { let value: Int }
struct AppState: Equatable, Sendable {
    var n = 0
    var notes: [String] = []
}

enum Thunks {
    static let load = AsyncThunk<AppState, Int, Int>("load") { x, context in
        await Task.yield()
        await context.dispatch(Loaded(value: x))
        return x
    }
}

func appReducer(_ state: AppState?, _ action: any Action) -> AppState {
    var state = state ?? AppState()
    if let loaded = action as? Loaded { state.n += loaded.value }
    if let pong = action as? Pong { state.notes.append("pong \(pong.value)") }
    if Thunks.load.pending(action) != nil { state.notes.append("pending") }
    if Thunks.load.fulfilled(action) != nil { state.notes.append("fulfilled") }
    return state
}

func makeStore() -> Store<AppState> {
    let listeners = ListenerMiddleware<AppState>()
    listeners.addListener(for: Ping.self) { ping, context in
        await Task.yield()
        await context.dispatch(Pong(value: ping.value))
    }
    return createStore(appReducer, nil, applyMiddleware(thunkMiddleware(), listeners.middleware()))
}

func handleRequest(_ x: Int) async throws -> (Int, Int) {
    let store = makeStore()
    let v = try await store.dispatch(Thunks.load(x)).value
    store.dispatch(Loaded(value: 0))
    return (v * 100 + store.getState().n, store.getState().notes.count)
}

func handlePing(_ x: Int) async -> String {
    let store = makeStore()
    store.dispatch(Ping(value: x))
    _ = await store.waitForEffects(timeout: .seconds(60))
    return store.getState().notes.joined()
}

let (answer, notes) = try await handleRequest(7)
print("request 7 answered \(answer) with \(notes) notes; the listener said \(await handlePing(5))")
