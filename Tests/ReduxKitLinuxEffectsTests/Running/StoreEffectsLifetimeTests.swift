import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinuxEffects

/// A server waits for a store's effects to settle (a request's end, a room
/// closing, a graceful shutdown), with a timeout, and cancels what is left.
/// Every wait here is on a `TestClock`: the effects sleep on one, the timeout
/// runs on another, and only the test moves them.
@Suite("Waiting for and cancelling a store's effects", .hangSafetyNet)
struct StoreEffectsLifetimeTests {
    struct Report: Equatable, Sendable {
        var done: [Int] = []
        var cancelled = 0
    }

    struct Tick: Action {}

    /// Sleeps `seconds` on the dependencies' clock, then returns `seconds`.
    static let nap = AsyncThunk<Report, Int, Int>("report/nap") { seconds, context in
        try await context.dependencies.clock.sleep(for: .seconds(seconds))
        return seconds
    }

    static func reducer(_ state: Report?, _ action: any Action) -> Report {
        var state = state ?? Report()
        if let done = nap.fulfilled(action) { state.done.append(done.value) }
        if nap.rejected(action)?.wasCancelled == true { state.cancelled += 1 }
        return state
    }

    static func middleware(_ clock: TestClock) -> StoreEnhancer<Report> {
        var dependencies = EffectDependencies()
        dependencies.clock = clock
        let listeners = ListenerMiddleware<Report>(dependencies: dependencies)
        listeners.addListener(for: Tick.self) { _, context in
            try await context.delay(.seconds(100))
        }
        return applyMiddleware(thunkMiddleware(dependencies: dependencies), listeners.middleware())
    }

    @Test @MainActor func aStoreWithNothingRunningIsSettledAtOnce() async {
        let store = createStore(Self.reducer, nil, Self.middleware(TestClock()))
        #expect(await store.waitForEffects(timeout: .seconds(1), clock: TestClock()))
    }

    @Test @MainActor func waitingEndsWhenTheEffectsEnd() async {
        let effects = TestClock()
        let store = createStore(Self.reducer, nil, Self.middleware(effects))
        store.dispatch(Self.nap(3))
        let waiting = Task { await store.waitForEffects(timeout: .seconds(60), clock: TestClock()) }
        await effects.waitForSleepers()
        await effects.advance(by: .seconds(3))
        #expect(await waiting.value)
        #expect(store.state.done == [3])
    }

    @Test @MainActor func waitingGivesUpAtTheTimeoutAndCancellingEndsTheEffects() async {
        let effects = TestClock()
        let timeouts = TestClock()
        let store = createStore(Self.reducer, nil, Self.middleware(effects))
        store.dispatch(Self.nap(5))
        store.dispatch(Self.nap(7))
        store.dispatch(Tick())
        let waiting = Task { await store.waitForEffects(timeout: .seconds(2), clock: timeouts) }
        await timeouts.waitForSleepers()
        await timeouts.advance(by: .seconds(2))
        #expect(await waiting.value == false)
        #expect(store.state.done.isEmpty)

        store.cancelEffects()
        #expect(await store.waitForEffects(timeout: .seconds(60), clock: timeouts))
        #expect(store.state == Report(done: [], cancelled: 2))
        // Effects started after the cancel run as usual.
        store.dispatch(Self.nap(1))
        await effects.waitForSleepers()
        await effects.advance(by: .seconds(1))
        #expect(await store.waitForEffects(timeout: .seconds(60), clock: timeouts))
        #expect(store.state.done == [1])
    }

    /// Cancelling while an effect is still in its start (here from a
    /// subscriber of what the effect dispatched) cancels that effect too.
    @Test @MainActor func cancellingDuringAnEffectsStartCancelsIt() async {
        struct Ping: Action {}
        let effects = TestClock()
        var dependencies = EffectDependencies()
        dependencies.clock = effects
        let listeners = ListenerMiddleware<Report>(dependencies: dependencies)
        let ended = Recorder<String>()
        listeners.addListener(for: Tick.self) { _, context in
            await context.dispatch(Ping())  // before the effect's first suspension
            do {
                try await context.delay(.seconds(100))
                ended.append("slept")
            } catch {
                ended.append("cancelled")
            }
        }
        let store = createStore(Self.reducer, nil, applyMiddleware(listeners.middleware()))
        var notified = 0
        store.subscribe { [weak store] _ in
            notified += 1
            if notified == 2 { store?.cancelEffects() }  // 1: Tick, 2: the effect's Ping
        }
        store.dispatch(Tick())
        // Ends when the cancelled effect ends (a test clock no one moves: no deadline).
        #expect(await store.waitForEffects(timeout: .seconds(20), clock: TestClock()))
        #expect(ended.values == ["cancelled"])
    }

    @Test func aSharedStoreIsWaitedForAndCancelledFromAnyTask() async {
        let effects = TestClock()
        let store = SharedStore(createStore(Self.reducer, nil, Self.middleware(effects)))
        for seconds in 1...4 { store.dispatch(Self.nap(seconds)) }
        await effects.waitForSleepers(4)
        await effects.advance(by: .seconds(2))
        let timeouts = TestClock()
        let gaveUp = Task.detached { await store.waitForEffects(timeout: .seconds(1), clock: timeouts) }
        await timeouts.waitForSleepers()
        await timeouts.advance(by: .seconds(1))
        #expect(await gaveUp.value == false)
        let cancelled = await Task.detached {
            store.cancelEffects()
            return await store.waitForEffects(timeout: .seconds(60), clock: TestClock())
        }.value
        #expect(cancelled)
        #expect(store.getState().done.sorted() == [1, 2])
        #expect(store.getState().cancelled == 2)
    }

    @Test @MainActor func aScopedStoresAsyncThunkCountsAmongTheRootsEffects() async {
        struct Root: Equatable, Sendable { var report = Report() }
        let effects = TestClock()
        var dependencies = EffectDependencies()
        dependencies.clock = effects
        let root = createStore(
            { (state: Root?, action: any Action) -> Root in
                Root(report: Self.reducer(state?.report, action))
            }, nil, applyMiddleware(thunkMiddleware(dependencies: dependencies)))
        root.view(value: { $0.report }).dispatch(Self.nap(2))
        #expect(await root.waitForEffects(timeout: .zero, clock: TestClock()) == false)
        root.cancelEffects()
        #expect(await root.waitForEffects(timeout: .seconds(60), clock: TestClock()))
        #expect(root.state.report.cancelled == 1)
    }
}
