import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// A listener's `cancellationID`: its policy applies per key (TCA's
/// `.cancellable(id:cancelInFlight: true)`, RTK's per-entity listeners), and
/// ``CancelEffects`` cancels a key's runs from anywhere. Each test runs 20
/// times, so an ordering race would show.
@Suite("Listener cancellation IDs", .hangSafetyNet)
struct ListenerCancellationIDTests {
    typealias Fixture = FavoritingFixture

    @Test(arguments: 0..<20)
    func tappingRowZeroThenRowOneKeepsBothRequests(repetition: Int) async {
        let requests = Fixture.Requests()
        let (log, outcomes) = (Recorder<String>(), Recorder<String>())
        let store = Fixture.store([Fixture.favoriteListener(requests, outcomes: outcomes)], log: log)
        store.dispatch(Fixture.FavoriteTapped(row: 0))
        store.dispatch(Fixture.FavoriteTapped(row: 1))
        requests.answer(0)
        requests.answer(1)
        #expect(await Fixture.effectsEnd(in: store))
        #expect(log.values.sorted() == ["0 ok", "1 ok"])
        #expect(outcomes.values.isEmpty)
    }

    @Test(arguments: 0..<20)
    func tappingRowZeroTwiceCancelsTheFirstRequest(repetition: Int) async {
        let requests = Fixture.Requests()
        let (log, outcomes) = (Recorder<String>(), Recorder<String>())
        let store = Fixture.store([Fixture.favoriteListener(requests, outcomes: outcomes)], log: log)
        store.dispatch(Fixture.FavoriteTapped(row: 0))
        store.dispatch(Fixture.FavoriteTapped(row: 1))
        store.dispatch(Fixture.FavoriteTapped(row: 0))  // cancels the first row-0 request only
        #expect(await outcomes.wait(forCount: 1) == ["0 cancelled"])
        requests.answer(0)
        requests.answer(1)
        #expect(await Fixture.effectsEnd(in: store))
        // The cancelled run's failure report was dropped: no error alert on a re-tap.
        #expect(log.values.sorted() == ["0 ok", "1 ok"])
        #expect(outcomes.values == ["0 cancelled"])
    }

    @Test(arguments: 0..<20)
    func cancelEffectsFromElsewhereCancelsThatRowsRunOnly(repetition: Int) async {
        let requests = Fixture.Requests()
        let (log, outcomes) = (Recorder<String>(), Recorder<String>())
        let store = Fixture.store([Fixture.favoriteListener(requests, outcomes: outcomes)], log: log)
        store.dispatch(Fixture.FavoriteTapped(row: 0))
        store.dispatch(Fixture.FavoriteTapped(row: 1))
        store.dispatch(CancelEffects(id: 0))  // as a view leaving row 0 would
        #expect(await outcomes.wait(forCount: 1) == ["0 cancelled"])
        requests.answer(0)
        requests.answer(1)
        #expect(await Fixture.effectsEnd(in: store))
        #expect(log.values == ["cancel 0", "1 ok"])  // the action reaches the reducers too
    }

    struct Rows: Equatable, Sendable {
        var favorites: Set<Int> = []
        var alert: String?
    }
    struct FavoriteFailed: Action {}

    /// The port as a TCA user tests it: the exhaustive test store receives
    /// each row's answer and nothing from the cancelled run, whose `catch`
    /// reports a failure that is dropped.
    @Test(arguments: 0..<20)
    @MainActor func theTestStoreReceivesEachRowsAnswerAndNothingFromTheCancelledRun(repetition: Int) async {
        let requests = Fixture.Requests()
        let listeners = ListenerMiddleware<Rows>()
        listeners.addListener(for: Fixture.FavoriteTapped.self, policy: .latest, cancellationID: { $0.row }) {
            tap, context in
            do {
                try await requests.send(tap.row)
                await context.dispatch(Fixture.FavoriteResponse(row: tap.row, ok: true))
            } catch {
                await context.dispatch(FavoriteFailed())
            }
        }
        let test = TestStore(
            initialState: Rows(),
            reducer: { (state: inout Rows, action: any Action) in
                if let response = action as? Fixture.FavoriteResponse { state.favorites.insert(response.row) }
                if action is FavoriteFailed { state.alert = "failed" }
            }, middleware: [listeners.middleware()])
        test.dispatch(Fixture.FavoriteTapped(row: 0))
        test.dispatch(Fixture.FavoriteTapped(row: 1))
        test.dispatch(Fixture.FavoriteTapped(row: 0))
        requests.answer(1)
        await test.receive(Fixture.FavoriteResponse.self) { $0.favorites.insert(1) }
        requests.answer(0)
        await test.receive(Fixture.FavoriteResponse.self) { $0.favorites.insert(0) }
        await test.finish()
    }

    /// Other policies apply per key too: `.leading` ignores a second tap of a
    /// row whose request runs, not a tap of another row.
    @Test func leadingAppliesPerKey() async {
        let requests = Fixture.Requests()
        let (log, started) = (Recorder<String>(), Recorder<Int>())
        let listeners = ListenerMiddleware<Int>()
        listeners.addListener(for: Fixture.FavoriteTapped.self, policy: .leading, cancellationID: { $0.row }) {
            tap, context in
            started.append(tap.row)
            try await requests.send(tap.row)
            await context.dispatch(Fixture.FavoriteResponse(row: tap.row, ok: true))
        }
        let store = Fixture.store([listeners], log: log)
        for row in [0, 1, 0, 1] { store.dispatch(Fixture.FavoriteTapped(row: row)) }
        #expect(started.values == [0, 1])  // runs start inside the dispatch
        requests.answer(0)
        requests.answer(1)
        #expect(await Fixture.effectsEnd(in: store))
        #expect(log.values.sorted() == ["0 ok", "1 ok"])
    }

    /// A run whose action gives no ID is untagged: scheduled with the other
    /// untagged runs, and no ``CancelEffects`` reaches it.
    @Test func aRunWithoutAnIDIsScheduledWithTheUntaggedOnes() async {
        let requests = Fixture.Requests()
        let (log, outcomes) = (Recorder<String>(), Recorder<String>())
        let listeners = ListenerMiddleware<Int>()
        listeners.addListener(
            for: Fixture.FavoriteTapped.self, policy: .latest, cancellationID: { $0.row == 2 ? nil : $0.row }
        ) { tap, context in
            do {
                try await requests.send(tap.row)
                await context.dispatch(Fixture.FavoriteResponse(row: tap.row, ok: true))
            } catch {
                outcomes.append("\(tap.row) cancelled")
            }
        }
        let store = Fixture.store([listeners], log: log)
        store.dispatch(Fixture.FavoriteTapped(row: 2))
        store.dispatch(CancelEffects(id: 2))  // no run is tagged 2
        store.dispatch(Fixture.FavoriteTapped(row: 0))
        store.dispatch(Fixture.FavoriteTapped(row: 2))  // cancels the untagged run
        #expect(await outcomes.wait(forCount: 1) == ["2 cancelled"])
        requests.answer(0)
        requests.answer(2)
        #expect(await Fixture.effectsEnd(in: store))
        #expect(log.values.filter { !$0.hasPrefix("cancel") }.sorted() == ["0 ok", "2 ok"])
    }

    /// ``CancelEffects`` reaches every listener middleware of the store, and
    /// only that store: the same middleware installed in another store keeps
    /// that store's runs.
    @Test func cancelEffectsCancelsInEveryListenerMiddlewareOfItsStoreOnly() async {
        let requests = Fixture.Requests()
        let (log, outcomes, otherLog) = (Recorder<String>(), Recorder<String>(), Recorder<String>())
        let favorites = Fixture.favoriteListener(requests, outcomes: outcomes)
        let second = ListenerMiddleware<Int>()
        second.addListener(for: Fixture.FavoriteTapped.self, cancellationID: { $0.row }) { tap, _ in
            do { try await requests.send(tap.row) } catch { outcomes.append("second \(tap.row) cancelled") }
        }
        let store = Fixture.store([favorites, second], log: log)
        let other = Fixture.store([favorites], log: otherLog)
        store.dispatch(Fixture.FavoriteTapped(row: 0))
        other.dispatch(Fixture.FavoriteTapped(row: 0))
        store.dispatch(CancelEffects(id: 0))
        #expect(await outcomes.wait(forCount: 2).sorted() == ["0 cancelled", "second 0 cancelled"])
        requests.answer(0)
        #expect(await Fixture.effectsEnd(in: store))
        #expect(await Fixture.effectsEnd(in: other))
        #expect(log.values == ["cancel 0"])
        #expect(otherLog.values == ["0 ok"])
    }
}
