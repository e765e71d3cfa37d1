import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// An async thunk's `cancellationID` and `cancelInFlight` (TCA's
/// `.cancellable(id:cancelInFlight:)` on a thunk), and ``CancelEffects`` on
/// thunk runs. Order-sensitive tests run 20 times.
@Suite("Async thunk cancellation IDs", .hangSafetyNet)
struct AsyncThunkCancellationIDTests {
    typealias Fixture = FavoritingFixture
    typealias Favorite = AsyncThunk<Int, Int, Int>

    /// A thunk whose run for a row waits for that row's request.
    static func favorite(
        _ requests: Fixture.Requests, cancellationID: (@Sendable (Int) -> (any Hashable & Sendable)?)? = { $0 },
        cancelInFlight: Bool = true
    ) -> Favorite {
        Favorite("rows/favorite", cancellationID: cancellationID, cancelInFlight: cancelInFlight) { row, _ in
            try await requests.send(row)
            return row
        }
    }

    /// A shared store whose reducer logs each of the thunk's ends as
    /// `"fulfilled <row>"` or `"cancelled <row> <reason>"`.
    static func store(log: Recorder<String>) -> SharedStore<Int> {
        SharedStore(
            createStore(
                { (state: Int?, action: any Action) -> Int in
                    if let done = action as? Favorite.Fulfilled { log.append("fulfilled \(done.value)") }
                    if let rejected = action as? Favorite.Rejected, rejected.wasCancelled {
                        log.append("cancelled \(rejected.argument) \(rejected.cancelReason ?? "-")")
                    }
                    return state ?? 0
                }, 0, applyMiddleware(thunkMiddleware())))
    }

    static func outcome(_ handle: AsyncThunkHandle<Int>) async -> String {
        switch await handle.result {
        case .success(let row): "\(row)"
        case .failure(let error): error is CancellationError ? "cancelled" : "\(error)"
        }
    }

    @Test(arguments: 0..<20)
    func cancelInFlightCancelsTheRunOfTheSameIDOnly(repetition: Int) async {
        let requests = Fixture.Requests()
        let log = Recorder<String>()
        let store = Self.store(log: log)
        let thunk = Self.favorite(requests)
        let first = store.dispatch(thunk(0))
        let other = store.dispatch(thunk(1))
        let again = store.dispatch(thunk(0))
        #expect(await Self.outcome(first) == "cancelled")  // settled at once, before any answer
        requests.answer(0)
        requests.answer(1)
        #expect(await Self.outcome(other) == "1")
        #expect(await Self.outcome(again) == "0")
        #expect(await Fixture.effectsEnd(in: store))
        #expect(log.values.first == "cancelled 0 -")
        #expect(log.values.sorted() == ["cancelled 0 -", "fulfilled 0", "fulfilled 1"])
    }

    /// The order a reducer sees under `cancelInFlight`: the newer run's
    /// `Pending` comes before the cancelled run's `Rejected` (the newer run
    /// cancels the older one as it starts, inside its dispatch, and the older
    /// run's rejection comes back from its task), so a reducer that clears a
    /// loading flag on any rejection clears it while the newer run goes on.
    @Test(arguments: 0..<20)
    func theNewerRunsPendingComesBeforeTheCancelledRunsRejected(repetition: Int) async {
        let requests = Fixture.Requests()
        let log = Recorder<String>()
        let thunk = Self.favorite(requests, cancellationID: { _ in "rows" })
        let store = SharedStore(
            createStore(
                { (state: Int?, action: any Action) -> Int in
                    if let pending = thunk.pending(action) { log.append("pending \(pending.argument)") }
                    if let rejected = thunk.rejected(action) {
                        log.append("rejected \(rejected.argument) cancelled: \(rejected.wasCancelled)")
                    }
                    if let done = thunk.fulfilled(action) { log.append("fulfilled \(done.value)") }
                    return state ?? 0
                }, 0, applyMiddleware(thunkMiddleware())))
        let first = store.dispatch(thunk(0))
        let second = store.dispatch(thunk(1))
        #expect(await Self.outcome(first) == "cancelled")
        requests.answer(1)
        #expect(await Self.outcome(second) == "1")
        #expect(await Fixture.effectsEnd(in: store))
        #expect(log.values == ["pending 0", "pending 1", "rejected 0 cancelled: true", "fulfilled 1"])
    }

    /// Without `cancelInFlight`, runs of one ID overlap; a ``CancelEffects``
    /// cancels them all, with its reason, and no run of another ID.
    @Test(arguments: 0..<20)
    func cancelEffectsCancelsEveryRunOfItsID(repetition: Int) async {
        let requests = Fixture.Requests()
        let log = Recorder<String>()
        let store = Self.store(log: log)
        let thunk = Self.favorite(requests, cancelInFlight: false)
        let runs = [0, 0, 1].map { store.dispatch(thunk($0)) }
        store.dispatch(CancelEffects(id: 0, reason: "row gone"))
        #expect(await Self.outcome(runs[0]) == "cancelled")
        #expect(await Self.outcome(runs[1]) == "cancelled")
        requests.answer(0)
        requests.answer(1)
        #expect(await Self.outcome(runs[2]) == "1")
        #expect(await Fixture.effectsEnd(in: store))
        #expect(log.values == ["cancelled 0 row gone", "cancelled 0 row gone", "fulfilled 1"])
    }

    /// `cancelInFlight` without a `cancellationID`: the latest run of the
    /// thunk wins, whatever its argument; no ``CancelEffects`` reaches it.
    @Test func cancelInFlightWithoutAnIDLetsTheLatestRunWin() async {
        let requests = Fixture.Requests()
        let log = Recorder<String>()
        let store = Self.store(log: log)
        let thunk = Self.favorite(requests, cancellationID: nil)
        let first = store.dispatch(thunk(0))
        let second = store.dispatch(thunk(1))
        #expect(await Self.outcome(first) == "cancelled")
        store.dispatch(CancelEffects(id: 1))  // untagged: not cancelled
        requests.answer(1)
        #expect(await Self.outcome(second) == "1")
        #expect(log.values == ["cancelled 0 -", "fulfilled 1"])
    }

    /// A run whose condition says no starts nothing, so it cancels nothing in flight.
    @Test func aRunSkippedByItsConditionCancelsNothing() async {
        let requests = Fixture.Requests()
        let log = Recorder<String>()
        let store = Self.store(log: log)
        let thunk = Favorite(
            "rows/favorite", condition: { row, _ in row != 2 }, cancellationID: { _ in "rows" }, cancelInFlight: true
        ) { row, _ in
            try await requests.send(row)
            return row
        }
        let first = store.dispatch(thunk(0))
        let skipped = store.dispatch(thunk(2))
        #expect(await Self.outcome(skipped) != "cancelled")  // a condition error
        requests.answer(0)
        #expect(await Self.outcome(first) == "0")
        #expect(log.values == ["fulfilled 0"])
    }

    /// With an `asyncCondition`, the older run is cancelled once the newer
    /// run's condition says yes, not when it is dispatched.
    @Test(arguments: 0..<20)
    func anAsyncConditionRunCancelsInFlightOnceItsConditionSaysYes(repetition: Int) async {
        let requests = Fixture.Requests()
        let log = Recorder<String>()
        let store = Self.store(log: log)
        let decided = AsyncGate()
        let thunk = Favorite(
            "rows/favorite",
            asyncCondition: { row, _ in
                if row == 1 { await decided.wait() }
                return true
            }, cancellationID: { _ in "rows" }, cancelInFlight: true
        ) { row, _ in
            try await requests.send(row)
            return row
        }
        let first = store.dispatch(thunk(0))
        let second = store.dispatch(thunk(1))
        // Both runs started inside their dispatch: the second waits in its condition.
        #expect(store.runningEffectCount == 2)
        #expect(log.values.isEmpty)  // the first run goes on while the second's condition waits
        decided.open()
        #expect(await Self.outcome(first) == "cancelled")
        requests.answer(1)
        #expect(await Self.outcome(second) == "1")
        #expect(log.values == ["cancelled 0 -", "fulfilled 1"])
    }

    /// A thunk of a scoped store's state, dispatched to the scoped store, is
    /// tagged in the root store: ``CancelEffects`` dispatched to either
    /// cancels it (to the scoped store, it goes up to the root as it is).
    @Test(arguments: [false, true])
    @MainActor func aScopedStoresThunkRunIsCancelledByID(throughScopedStore: Bool) async {
        let requests = Fixture.Requests()
        let log = Recorder<String>()
        let root = createStore(
            { (state: Int?, action: any Action) -> Int in
                if action is CancelEffects { log.append("cancel") }
                if action is Favorite.Pending { log.append("pending") }
                return state ?? 0
            }, 0, applyMiddleware(thunkMiddleware()))
        let scoped = root.view(value: { $0 + 1 })
        let run = scoped.dispatch(Self.favorite(requests)(0))
        if throughScopedStore { scoped.dispatch(CancelEffects(id: 0)) } else { root.dispatch(CancelEffects(id: 0)) }
        #expect(await Self.outcome(run) == "cancelled")
        #expect(log.values == ["pending", "cancel"])
    }
}
