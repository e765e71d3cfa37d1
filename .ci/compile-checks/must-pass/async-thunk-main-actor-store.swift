// expect-output: profile user 42 (pending seen: true, fulfilled on the main actor: true)
// An async thunk on a Store made in a @MainActor function with `thunkMiddleware()`: its body runs in
// a task of its own, and its result comes back into the store on the main actor (the reducer and
// the subscriber assert it), before the handle's value is returned.
import ReduxKitLinuxEffects

struct AppState: Equatable, Sendable {
    var profile: String?
    var loading = false
}

enum Thunks {
    static let loadProfile = AsyncThunk<AppState, Int, String>("profile/load") { id, context in
        let state = try await context.getState()
        precondition(state.loading, "the pending action is dispatched before the body runs")
        await Task.yield()
        return "user \(id)"
    }
}

func appReducer(_ state: AppState?, _ action: any Action) -> AppState {
    var state = state ?? AppState()
    if Thunks.loadProfile.pending(action) != nil { state.loading = true }
    if let done = Thunks.loadProfile.fulfilled(action) {
        state.loading = false
        state.profile = done.value
    }
    return state
}

@MainActor func run() async throws -> String {
    var pendingSeen = false
    var fulfilledOnMainActor = false
    let store = createStore(
        { (state: AppState?, action: any Action) -> AppState in
            if Thunks.loadProfile.fulfilled(action) != nil {
                MainActor.assertIsolated()
                fulfilledOnMainActor = true
            }
            return appReducer(state, action)
        }, nil, applyMiddleware(thunkMiddleware()))
    let subscription = store.subscribe { state in
        MainActor.assertIsolated()
        if state.loading { pendingSeen = true }
    }
    let handle = store.dispatch(Thunks.loadProfile(42))
    let value = try await handle.value
    subscription.dispose()
    precondition(store.state.profile == value && !store.state.loading)
    return "profile \(value) (pending seen: \(pendingSeen), fulfilled on the main actor: \(fulfilledOnMainActor))"
}

print(try await run())
