import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// `store.dispatch(x)` followed at once by `await clock.advance(by:)` fires the
/// effect's sleep on every run, with no `waitForSleepers()` and no yield:
/// the sleep is on the clock when `dispatch` returns. Each case runs 200
/// times; the verdict is the clock's own count of sleeps, then the effect's
/// action, awaited until the effects end (an event, never elapsed time).
@Suite("Advancing a test clock right after a dispatch", .hangSafetyNet)
struct AdvanceAfterDispatchTests {
    struct Poke: Action {}
    struct PokeDelay: Action {}
    struct Woke: Action {}

    static let tries = 200

    static func reducer(_ state: Int?, _ action: any Action) -> Int {
        (state ?? 0) + (action is Woke ? 1 : 0)
    }

    /// Sleeps `seconds` on the dependencies' clock, then dispatches `Woke`.
    static let napThenWake = AsyncThunk<Int, Int, Int>("nap") { seconds, context in
        try await context.dependencies.clock.sleep(for: .seconds(seconds))
        await context.dispatch(Woke())
        return seconds
    }

    static func enhancer(_ clock: TestClock) -> StoreEnhancer<Int> {
        var dependencies = EffectDependencies()
        dependencies.clock = clock
        let listeners = ListenerMiddleware<Int>(dependencies: dependencies)
        listeners.addListener(for: Poke.self) { _, context in
            try await context.dependencies.clock.sleep(for: .seconds(1))
            await context.dispatch(Woke())
        }
        listeners.addListener(for: PokeDelay.self) { _, context in
            try await context.delay(.seconds(1))
            await context.dispatch(Woke())
        }
        return applyMiddleware(thunkMiddleware(dependencies: dependencies), listeners.middleware())
    }

    /// Dispatches `poke` and advances the clock at once, `tries` times, on a
    /// fresh main-actor store each time; counts the runs whose sleep was not
    /// on the clock when `dispatch` returned, or whose effect did not wake.
    @MainActor static func missesOnTheMainActor(_ poke: @MainActor (Store<Int>) -> Void) async -> Int {
        var missed = 0
        for _ in 0..<tries {
            let clock = TestClock()
            let store = createStore(reducer, nil, enhancer(clock))
            poke(store)
            guard clock.sleeping == 1 else {
                missed += 1
                store.cancelEffects()
                continue
            }
            await clock.advance(by: .seconds(1))
            // Ends when the effect ends: it woke, so it does.
            _ = await store.waitForEffects(timeout: .seconds(1), clock: TestClock())
            if store.state != 1 { missed += 1 }
        }
        return missed
    }

    @Test @MainActor func aListenersSleepOnTheDependenciesClock() async {
        #expect(await Self.missesOnTheMainActor { $0.dispatch(Poke()) } == 0)
    }

    @Test @MainActor func aListenersDelay() async {
        #expect(await Self.missesOnTheMainActor { $0.dispatch(PokeDelay()) } == 0)
    }

    @Test @MainActor func anAsyncThunksSleepOnTheDependenciesClock() async {
        #expect(await Self.missesOnTheMainActor { $0.dispatch(Self.napThenWake(1)) } == 0)
    }

    /// The same in an actor's store: the effect runs on the actor.
    actor Room {
        let store: Store<Int>
        let clock: TestClock

        init(clock: TestClock) {
            self.clock = clock
            store = createStore(AdvanceAfterDispatchTests.reducer, nil, AdvanceAfterDispatchTests.enhancer(clock))
        }

        /// Whether the sleep was on the clock when `dispatch` returned, and the effect woke.
        func pokeAndAdvance() async -> Bool {
            store.dispatch(Poke())
            store.dispatch(AdvanceAfterDispatchTests.napThenWake(1))
            guard clock.sleeping == 2 else {
                store.cancelEffects()
                return false
            }
            await clock.advance(by: .seconds(1))
            _ = await store.waitForEffects(timeout: .seconds(1), clock: TestClock())
            return store.state == 2
        }
    }

    @Test func inAnActor() async {
        var missed = 0
        for _ in 0..<Self.tries where await !Room(clock: TestClock()).pokeAndAdvance() { missed += 1 }
        #expect(missed == 0)
    }

    /// A `SharedStore` from a test that runs in no actor.
    @Test func inASharedStore() async {
        var missed = 0
        for _ in 0..<Self.tries {
            let clock = TestClock()
            let store = SharedStore(createStore(Self.reducer, nil, Self.enhancer(clock)))
            store.dispatch(Poke())
            store.dispatch(Self.napThenWake(1))
            guard clock.sleeping == 2 else {
                missed += 1
                store.cancelEffects()
                continue
            }
            await clock.advance(by: .seconds(1))
            _ = await store.waitForEffects(timeout: .seconds(1), clock: TestClock())
            if store.state != 2 { missed += 1 }
        }
        #expect(missed == 0)
    }

    /// What TCA users write: dispatch, advance, receive.
    @Test @MainActor func aTestStoreReceivesWithNoWaitBeforeTheAdvance() async {
        for _ in 0..<Self.tries {
            let clock = TestClock()
            var dependencies = EffectDependencies()
            dependencies.clock = clock
            let test = TestStore(
                initialState: 0, reducer: Self.reducer, middleware: [thunkMiddleware(dependencies: dependencies)])
            test.dispatch(Self.napThenWake(1))
            await test.receive(Self.napThenWake.pending)
            await clock.advance(by: .seconds(1))
            await test.receive(Woke.self) { $0 = 1 }
            await test.receive(Self.napThenWake.fulfilled)
            await test.finish()
        }
    }
}
