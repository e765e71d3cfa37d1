import ReduxKitLinux
import ReduxKitLinuxQuery
import ReduxKitLinuxTesting
import Testing

/// Waits until `condition` holds for the store's state: checked now, then
/// after each change the store tells its subscribers of (an event, not a
/// poll). A hang net of a minute's wall-clock time records the state it
/// never saw hold and returns, so a broken test fails instead of hanging.
@MainActor
func waitUntil(
    _ store: Store<AppState>, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: @escaping @MainActor (AppState) -> Bool
) async {
    if condition(store.state) { return }
    let held = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        var resumed = false
        var subscription: (any ReduxDisposable)?
        let hangNet = Task { @MainActor in
            try? await Task.sleep(for: .seconds(60))
            guard !resumed else { return }
            resumed = true
            subscription?.dispose()
            continuation.resume(returning: false)
        }
        subscription = store.subscribe { state in
            guard !resumed, condition(state) else { return }
            resumed = true
            subscription?.dispose()
            hangNet.cancel()
            continuation.resume(returning: true)
        }
    }
    if !held {
        Issue.record(
            "The state never held what the test waited for: \(store.state.api)", sourceLocation: sourceLocation)
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

/// Moves `clock` to 1 ns before `keep` has passed, checks that the entry
/// `entry` reads is still there, moves it the last nanosecond, and checks
/// that the entry is gone: eviction at exactly the keep time.
func expectEvicted(
    atKeepTime keep: Duration, on clock: TestClock, sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation, _ entry: () -> QueryEntry?
) async {
    await clock.advance(by: keep - .nanoseconds(1))
    #expect(entry() != nil, "evicted before its keep time", sourceLocation: sourceLocation)
    await clock.advance(by: .nanoseconds(1))
    #expect(entry() == nil, "not evicted at its keep time", sourceLocation: sourceLocation)
}
