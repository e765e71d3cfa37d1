// expect-output: profile user 7 after 2 notes, from a SharedStore built outside any actor
// An async thunk on a SharedStore whose store and `thunkMiddleware()` were made outside any actor
// (nil isolation): its results and the body's own dispatches go back through the shared store's
// lock, from the thunk's task.
import ReduxKitLinuxEffects

struct Note: Action { let text: String }
struct AppState: Equatable, Sendable {
    var profile: String?
    var notes: [String] = []
}

enum Thunks {
    static let loadProfile = AsyncThunk<AppState, Int, String>("profile/load") { id, context in
        await context.dispatch(Note(text: "loading \(id)"))
        let state = try await context.getState()
        precondition(state.notes == ["loading \(id)"])
        await context.dispatch(Note(text: "loaded \(id)"))
        return "user \(id)"
    }
}

func appReducer(_ state: AppState?, _ action: any Action) -> AppState {
    var state = state ?? AppState()
    if let note = action as? Note { state.notes.append(note.text) }
    if let done = Thunks.loadProfile.fulfilled(action) { state.profile = done.value }
    return state
}

/// Outside any actor: `thunkMiddleware()` gets nil isolation, and the store can be shared.
func makeSharedStore() -> SharedStore<AppState> {
    SharedStore(createStore(appReducer, nil, applyMiddleware(thunkMiddleware())))
}

func run() async throws -> String {
    let shared = makeSharedStore()
    let value = try await shared.dispatch(Thunks.loadProfile(7)).value
    let state = shared.state
    precondition(state.profile == value)
    return "profile \(value) after \(state.notes.count) notes, from a SharedStore built outside any actor"
}

print(try await run())
