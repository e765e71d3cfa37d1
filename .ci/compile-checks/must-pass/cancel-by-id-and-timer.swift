// expect-output: favorites: row 0 saved, row 1 saved; row 2 cancelled by CancelEffects
// expect-output: timer ticks: 1 2 3
// Issue 23: the public spellings of per-ID cancellation and the clock timer, used as an app does.
// Rows 0 and 1 are favorited one after the other with a `.latest` listener keyed by row: each
// row's request runs (a listener without `cancellationID:` would cancel row 0's). Row 2's request is
// cancelled from outside with `CancelEffects(id:)`, and what its cancelled run dispatches is dropped.
// A timer ticks on a clock of the program's own that never waits.
import ReduxKitLinuxEffects

struct Favorite: Action { let row: Int }
struct Saved: Action { let row: Int }
struct Rows: Equatable, Sendable { var saved: [Int] = [] }

/// A clock whose sleeps return at once: the timer's ticks come without waiting.
final class InstantClock: Clock, @unchecked Sendable {
    // Safe: `now` is read and written only by the single task that iterates the timer below.
    var now = ContinuousClock.Instant.now
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws { now = deadline }
}

@MainActor func run() async {
    let gate = AsyncStream<Void>.makeStream()
    let listeners = ListenerMiddleware<Rows>()
    listeners.addListener(
        for: Favorite.self, policy: .latest, cancellationID: { $0.row }, cancelledDispatches: .drop
    ) { action, context in
        if action.row == 2 {
            for await _ in gate.stream {}  // waits until cancelled
        }
        _ = await context.dispatch(Saved(row: action.row))
    }
    let store = createStore(
        { (state: inout Rows, action: any Action) in
            if let saved = action as? Saved { state.saved.append(saved.row) }
        }, Rows(), applyMiddleware(listeners.middleware()))
    store.dispatch(Favorite(row: 0))
    store.dispatch(Favorite(row: 1))
    store.dispatch(Favorite(row: 2))
    store.dispatch(CancelEffects(id: 2))
    gate.continuation.finish()
    _ = await store.waitForEffects(timeout: .seconds(60))
    precondition(store.state.saved.sorted() == [0, 1], "saved \(store.state.saved)")
    print("favorites: row 0 saved, row 1 saved; row 2 cancelled by CancelEffects")

    var ticks: [Int] = []
    for await tick in InstantClock().timer(interval: .seconds(1)) {
        ticks.append(tick)
        if tick == 3 { break }
    }
    print("timer ticks: " + ticks.map(String.init).joined(separator: " "))
}

await run()
