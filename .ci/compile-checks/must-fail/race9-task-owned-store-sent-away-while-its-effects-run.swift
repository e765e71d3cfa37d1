// expect: error: sending value of non-Sendable type '() async
// expect: [#SendingRisksDataRace]
// expect: note: access can happen concurrently
// Race 9: a store a task owns runs async effects (they post to its inbox, and the owner applies what
// they posted at its next use), but it still belongs to that one task: handing it to a detached
// task while the handler goes on using it does not compile.
import ReduxKitLinuxEffects

struct Loaded: Action { let value: Int }
struct AppState: Equatable, Sendable { var n = 0 }

let load = AsyncThunk<AppState, Int, Int>("load") { x, context in
    await context.dispatch(Loaded(value: x))
    return x
}

func appReducer(_ state: AppState?, _ action: any Action) -> AppState {
    var state = state ?? AppState()
    if let loaded = action as? Loaded { state.n += loaded.value }
    return state
}

func handleRequest(_ x: Int) async throws -> Int {
    let store = createStore(appReducer, nil, applyMiddleware(thunkMiddleware()))
    let handle = store.dispatch(load(x))
    Task.detached { _ = store.getState() }
    let v = try await handle.value
    return v + store.getState().n  // CULPRIT
    // TWIN: return v
}
