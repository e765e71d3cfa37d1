import ReduxKitLinuxTestSupport

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// TCA's ReusableFavoriting case study, as its users port it: tapping a row's
/// star sends a request for that row; a newer tap on the same row cancels the
/// row's request in flight, and leaves the other rows' requests alone. The
/// requests wait at a gate per row, which the test opens.
enum FavoritingFixture {
    struct FavoriteTapped: Action { let row: Int }
    /// A request's answer: `ok` false when the request failed (or was cancelled
    /// and its effect reported it anyway).
    struct FavoriteResponse: Action { let row: Int, ok: Bool }
    struct Cancelled: Error {}

    /// Where the requests of each row wait until the test opens them.
    final class Requests: Sendable {
        private let gates = (0..<3).map { _ in Gate() }

        /// The request for `row`: returns once the row's gate is open; throws
        /// `CancellationError` if cancelled first.
        func send(_ row: Int) async throws {
            try await gates[row].wait()
        }

        func answer(_ row: Int) {
            gates[row].open()
        }
    }

    /// A shared store whose reducer logs each response as `"<row> ok"` or
    /// `"<row> failed"`, and each ``CancelEffects`` as `"cancel <id>"`, with
    /// the thunk middleware and `listeners`.
    static func store(_ listeners: [ListenerMiddleware<Int>], log: Recorder<String>) -> SharedStore<Int> {
        SharedStore(
            createStore(
                { (state: Int?, action: any Action) -> Int in
                    if let response = action as? FavoriteResponse {
                        log.append("\(response.row) \(response.ok ? "ok" : "failed")")
                    }
                    if let cancel = action as? CancelEffects { log.append("cancel \(cancel.id)") }
                    return state ?? 0
                }, 0,
                applyMiddleware([thunkMiddleware()] + listeners.map { $0.middleware() })))
    }

    /// The listener the port writes: `.latest` per row, reporting a failure
    /// when its request throws (a cancelled run's report is dropped by default).
    static func favoriteListener(
        _ requests: Requests, outcomes: Recorder<String>, cancelledDispatches: CancelledDispatches = .drop
    ) -> ListenerMiddleware<Int> {
        let listeners = ListenerMiddleware<Int>()
        listeners.addListener(
            for: FavoriteTapped.self, policy: .latest, cancellationID: { $0.row },
            cancelledDispatches: cancelledDispatches
        ) { tap, context in
            do {
                try await requests.send(tap.row)
                await context.dispatch(FavoriteResponse(row: tap.row, ok: true))
            } catch {
                outcomes.append("\(tap.row) \(error is CancellationError ? "cancelled" : "threw")")
                await context.dispatch(FavoriteResponse(row: tap.row, ok: false))
            }
        }
        return listeners
    }

    /// Waits until none of `store`'s effects runs (see
    /// `ListenerTestSupport.effectsEnd(in:)`: no deadline; false only once
    /// the suite's time limit has cancelled the wait).
    static func effectsEnd(in store: SharedStore<Int>) async -> Bool {
        await ListenerTestSupport.effectsEnd(in: store)
    }
}
