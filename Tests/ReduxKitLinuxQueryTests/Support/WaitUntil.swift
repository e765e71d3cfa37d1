import ReduxKitLinux

/// Waits until `condition` holds for the store's state: checked now, then
/// after each change the store tells its subscribers of (an event, not a
/// poll).
@MainActor
func waitUntil(_ store: Store<AppState>, _ condition: @escaping @MainActor (AppState) -> Bool) async {
    if condition(store.state) { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        var resumed = false
        var subscription: (any ReduxDisposable)?
        subscription = store.subscribe { state in
            guard !resumed, condition(state) else { return }
            resumed = true
            subscription?.dispose()
            continuation.resume()
        }
    }
}

/// Waits until `condition` holds for the shared store's state (its `states` stream).
func waitUntil(_ store: SharedStore<AppState>, _ condition: (AppState) -> Bool) async {
    for await state in store.states where condition(state) { return }
}

extension Result {
    /// Whether it is a failure.
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
