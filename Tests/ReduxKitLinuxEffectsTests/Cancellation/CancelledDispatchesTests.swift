import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// What a cancelled effect dispatches: dropped by default (TCA's rule), for
/// listener runs, their forks and async thunk bodies, whatever cancelled them;
/// delivered with `cancelledDispatches: .deliver` (Redux Toolkit's). An async
/// thunk's own cancelled `Rejected` action always arrives. Each test runs 20
/// times, so a dispatch racing its cancellation would show.
@Suite("Cancelled effects' dispatches", .hangSafetyNet)
struct CancelledDispatchesTests {
    typealias Fixture = FavoritingFixture
    struct Failure: Action { let text: String }

    /// A shared store whose reducer logs every ``Failure`` and every async
    /// thunk lifecycle action's type.
    static func store(_ listeners: ListenerMiddleware<Int>, log: Recorder<String>) -> SharedStore<Int> {
        SharedStore(
            createStore(
                { (state: Int?, action: any Action) -> Int in
                    if let failure = action as? Failure { log.append(failure.text) }
                    if let lifecycle = action as? any AsyncThunkLifecycleAction { log.append(lifecycle.type) }
                    return state ?? 0
                }, 0, applyMiddleware(thunkMiddleware(), listeners.middleware())))
    }

    /// A `.latest` listener whose run reports its cancellation as a failure,
    /// and records what its dispatch returned.
    static func reportingListener(
        _ requests: Fixture.Requests, returned: Recorder<Bool>, cancelledDispatches: CancelledDispatches = .drop
    ) -> ListenerMiddleware<Int> {
        let listeners = ListenerMiddleware<Int>()
        listeners.addListener(
            for: Fixture.FavoriteTapped.self, policy: .latest, cancelledDispatches: cancelledDispatches
        ) { tap, context in
            do {
                try await requests.send(tap.row)
            } catch {
                returned.append(await context.dispatch(Failure(text: "run \(tap.row) failed")) != nil)
            }
        }
        return listeners
    }

    @Test(arguments: 0..<20)
    func aCancelledListenerRunsDispatchesAreDropped(repetition: Int) async {
        let requests = Fixture.Requests()
        let (log, returned) = (Recorder<String>(), Recorder<Bool>())
        let store = Self.store(Self.reportingListener(requests, returned: returned), log: log)
        store.dispatch(Fixture.FavoriteTapped(row: 0))
        store.dispatch(Fixture.FavoriteTapped(row: 1))  // `.latest`: cancels run 0
        #expect(await returned.wait(forCount: 1) == [false])
        requests.answer(1)
        #expect(await Fixture.effectsEnd(in: store))
        #expect(returned.values == [false])
        #expect(log.values.isEmpty)
    }

    @Test(arguments: 0..<20)
    func deliverLetsACancelledListenerRunDispatch(repetition: Int) async {
        let requests = Fixture.Requests()
        let (log, returned) = (Recorder<String>(), Recorder<Bool>())
        let listeners = Self.reportingListener(requests, returned: returned, cancelledDispatches: .deliver)
        let store = Self.store(listeners, log: log)
        store.dispatch(Fixture.FavoriteTapped(row: 0))
        store.dispatch(Fixture.FavoriteTapped(row: 1))
        #expect(await returned.wait(forCount: 1) == [true])
        requests.answer(1)
        #expect(await Fixture.effectsEnd(in: store))
        #expect(returned.values == [true])
        #expect(log.values == ["run 0 failed"])
    }

    /// A fork's dispatches are dropped once the fork is cancelled, while its
    /// run's go on; and a thunk the cancelled run dispatches never starts.
    /// The run waits for its fork's body at a gate it leaves when cancelled:
    /// a fork cancelled before it starts (the store going first) never runs
    /// its body, so an uncancellable wait there would never end.
    @Test(arguments: 0..<20)
    func aCancelledForkDispatchesNothingAndACancelledRunStartsNoThunk(repetition: Int) async {
        let requests = Fixture.Requests()
        let log = Recorder<String>()
        let listeners = ListenerMiddleware<Int>()
        let thunk = AsyncThunk<Int, Void, Int>("late") { _, _ in 1 }
        let forkStarted = Gate()
        listeners.addListener(for: Fixture.FavoriteTapped.self) { _, context in
            let fork = context.fork {
                forkStarted.open()
                do { try await requests.send(0) } catch { await context.dispatch(Failure(text: "fork failed")) }
            }
            try await forkStarted.wait()
            fork.cancel()
            _ = await fork.result
            await context.dispatch(Failure(text: "run goes on"))
            context.cancel()
            #expect(await context.dispatch(thunk()) == nil)
        }
        let store = Self.store(listeners, log: log)
        store.dispatch(Fixture.FavoriteTapped(row: 0))
        #expect(await Fixture.effectsEnd(in: store))
        #expect(log.values == ["run goes on"])
    }

    /// What the body of a cancelled async thunk dispatches is dropped, its
    /// cancelled `Rejected` action is not; with `.deliver`, both arrive.
    /// Cancelled by its handle, by ``CancelEffects``, or by `cancelInFlight`.
    @Test(arguments: [CancelledDispatches.drop, .deliver], 0..<20)
    func aCancelledThunksBodyDispatchesAsItsPolicySays(policy: CancelledDispatches, repetition: Int) async {
        let requests = Fixture.Requests()
        let (log, returned) = (Recorder<String>(), Recorder<Bool>())
        let thunk = AsyncThunk<Int, Int, Int>(
            "rows/favorite", cancellationID: { $0 }, cancelInFlight: true, cancelledDispatches: policy
        ) { row, context in
            do {
                try await requests.send(row)
            } catch {
                returned.append(await context.dispatch(Failure(text: "body \(row) failed")) != nil)
                throw error
            }
            return row
        }
        let store = Self.store(ListenerMiddleware(), log: log)
        let byHandle = store.dispatch(thunk(0))
        byHandle.cancel()
        _ = await byHandle.result
        _ = store.dispatch(thunk(1))
        store.dispatch(CancelEffects(id: 1))
        _ = store.dispatch(thunk(2))
        let latest = store.dispatch(thunk(2))  // cancels the first run for 2
        _ = await returned.wait(forCount: 3)
        requests.answer(2)
        _ = await latest.result
        #expect(await Fixture.effectsEnd(in: store))
        let delivered = policy == .deliver
        #expect(returned.values == [delivered, delivered, delivered])
        let failures = log.values.filter { $0.hasPrefix("body") }.sorted()
        #expect(failures == (delivered ? ["body 0 failed", "body 1 failed", "body 2 failed"] : []))
        #expect(log.values.filter { $0.hasSuffix("/rejected") }.count == 3)  // every cancelled run's own
        #expect(log.values.filter { $0.hasSuffix("/fulfilled") }.count == 1)
    }

    /// Under `.deliver`, a cancelled run's `Rejected` action comes first, then
    /// what its body dispatches after the cancellation: in that order on
    /// every run (they swapped in 12 of 100 runs when both raced to the store).
    @Test(arguments: 0..<100)
    func aCancelledThunksRejectedComesBeforeWhatItsBodyDeliversAfterwards(repetition: Int) async {
        let log = Recorder<String>()
        let started = AsyncGate()
        let thunk = AsyncThunk<Int, Int, Int>("rows/save", cancelledDispatches: .deliver) { row, context in
            do {
                started.open()
                try await Gate().wait()  // a gate never opened: ends only by cancellation
            } catch {
                await context.dispatch(Failure(text: "body \(row) failed"))
                throw error
            }
            return row
        }
        let store = Self.store(ListenerMiddleware(), log: log)
        let handle = store.dispatch(thunk(0))
        await started.wait()
        handle.cancel()
        #expect(await Fixture.effectsEnd(in: store))
        #expect(log.values == ["rows/save/pending", "rows/save/rejected", "body 0 failed"])
    }

    /// A thunk whose body records its argument and fulfils with 42 without
    /// suspending, with no condition, a `condition` or an `asyncCondition`
    /// (each saying yes), as `condition` names.
    static func quick(condition: String, ran: Recorder<Int>) -> AsyncThunk<Int, Int, Int> {
        let body: @Sendable (Int, AsyncThunkContext<Int>) async throws -> Int = { x, _ in
            ran.append(x)
            return 42
        }
        return switch condition {
        case "condition": AsyncThunk("quick", condition: { _, _ in true }, body: body)
        case "asyncCondition": AsyncThunk("quick", asyncCondition: { _, _ in true }, body: body)
        default: AsyncThunk("quick", body: body)
        }
    }

    /// RTK's abort before the start: an async thunk an already cancelled
    /// effect dispatches (under `.deliver`) does not run its body, and
    /// dispatches one `Rejected` action, marked cancelled, not skipped by a
    /// condition (a body that never suspends fulfilled with 42 before), with
    /// or without a `condition` (one saying yes took it past the check and
    /// fulfilled with 42), or an `asyncCondition`.
    @Test(arguments: ["none", "condition", "asyncCondition"])
    func anAsyncThunkDispatchedByACancelledEffectIsAbortedBeforeItStarts(condition: String) async {
        let ran = Recorder<Int>()
        let quick = Self.quick(condition: condition, ran: ran)
        let rejections = Recorder<String>()
        let outcomes = Recorder<String>()
        let listeners = ListenerMiddleware<Int>()
        listeners.addListener(for: Fixture.FavoriteTapped.self, policy: .latest, cancelledDispatches: .deliver) {
            tap, context in
            guard tap.row == 0 else { return }
            do {
                try await Gate().wait()  // never opened: ends when the next tap cancels this run
            } catch {
                let handle = await context.dispatch(quick(1))
                let result = await handle?.result
                outcomes.append(result.map { "\($0)".contains("CancellationError") ? "cancelled" : "\($0)" } ?? "nil")
            }
        }
        let log = Recorder<String>()
        let store = SharedStore(
            createStore(
                { (state: Int?, action: any Action) -> Int in
                    if let lifecycle = action as? any AsyncThunkLifecycleAction { log.append(lifecycle.type) }
                    if let rejected = quick.rejected(action) {
                        rejections.append(
                            "cancelled \(rejected.wasCancelled), condition \(rejected.wasSkippedByCondition)")
                    }
                    return state ?? 0
                }, 0, applyMiddleware(thunkMiddleware(), listeners.middleware())))
        store.dispatch(Fixture.FavoriteTapped(row: 0))
        store.dispatch(Fixture.FavoriteTapped(row: 1))  // `.latest`: cancels the first run
        #expect(await outcomes.wait(forCount: 1) == ["cancelled"])
        #expect(await Fixture.effectsEnd(in: store))
        #expect(ran.values.isEmpty)
        #expect(log.values == ["quick/rejected"])
        #expect(rejections.values == ["cancelled true, condition false"])
    }

    /// The same for an effect that cancelled itself before its first
    /// suspension: a listener calling `context.cancel()` (its run's task not
    /// known yet), a listener or an async thunk body cancelling its own task.
    /// With or without a condition, the thunk is aborted: one `Rejected`,
    /// marked cancelled, and no body (it fulfilled with 42 before).
    @Test(arguments: ["none", "condition", "asyncCondition"], ["context.cancel()", "listener task", "thunk task"])
    func anAsyncThunkDispatchedByAnEffectThatCancelledItselfIsAborted(condition: String, cancelled: String) async {
        let ran = Recorder<Int>()
        let quick = Self.quick(condition: condition, ran: ran)
        let outcomes = Recorder<String>()
        let outer = AsyncThunk<Int, Int, Int>("outer", cancelledDispatches: .deliver) { _, context in
            withUnsafeCurrentTask { $0?.cancel() }
            let result = await context.dispatch(quick(1))?.result
            outcomes.append(result.map { "\($0)".contains("CancellationError") ? "cancelled" : "\($0)" } ?? "nil")
            return 0
        }
        let listeners = ListenerMiddleware<Int>()
        listeners.addListener(for: Fixture.FavoriteTapped.self, cancelledDispatches: .deliver) { _, context in
            if cancelled == "context.cancel()" { context.cancel() } else { withUnsafeCurrentTask { $0?.cancel() } }
            let result = await context.dispatch(quick(1))?.result
            outcomes.append(result.map { "\($0)".contains("CancellationError") ? "cancelled" : "\($0)" } ?? "nil")
        }
        let log = Recorder<String>()
        let store = Self.store(listeners, log: log)
        if cancelled == "thunk task" {
            store.dispatch(outer(0))
        } else {
            store.dispatch(Fixture.FavoriteTapped(row: 0))
        }
        #expect(await outcomes.wait(forCount: 1) == ["cancelled"])
        #expect(await Fixture.effectsEnd(in: store))
        #expect(ran.values.isEmpty)
        #expect(log.values.filter { $0.hasPrefix("quick/") } == ["quick/rejected"])
    }
}
