import ReduxKitLinux
import ReduxKitLinuxEffects

/// Loading a resource through an async thunk: the pending → fulfilled sequence,
/// a second load cancelled on the way, and every action logged by the logger.
/// The resource is simulated and local: a short wait, then a fixed list.
enum LoadingStory {
    struct AppState: Sendable, CustomStringConvertible {
        var status = "idle"
        var items: [String] = []

        var description: String { "\(status), items: \(items)" }
    }

    static let loadItems = AsyncThunk<AppState, String, [String]>("items/load") { resource, _ in
        try await Task.sleep(for: .milliseconds(20))
        return ["\(resource) 1", "\(resource) 2"]
    }

    static func reducer(_ state: inout AppState, _ action: any Action) {
        if let pending = loadItems.pending(action) { state.status = "loading \(pending.argument)" }
        if let done = loadItems.fulfilled(action) {
            state.status = "loaded"
            state.items = done.value
        }
        if let failed = loadItems.rejected(action) {
            state.status = failed.wasCancelled ? "cancelled" : "failed"
        }
    }

    /// Runs the story on the main actor: the store, and the thunk middleware
    /// made here, belong to it, and the thunk's results come back to it.
    @MainActor
    static func run() async {
        printStoryTitle("Loading through an async thunk, logged")
        let store = applyMiddleware(
            [loggerMiddleware(), thunkMiddleware()], to: createStore(reducer, AppState()))

        let first = store.dispatch(loadItems("apple"))
        let items = (try? await first.value) ?? []
        print("first load gave \(items)")

        let second = store.dispatch(loadItems("pear"))
        second.cancel()
        switch await second.result {
        case .success(let items): print("second load gave \(items)")
        case .failure(let error): print("second load was cancelled: \(error is CancellationError)")
        }
        print("final state: \(store.state)")
    }
}
