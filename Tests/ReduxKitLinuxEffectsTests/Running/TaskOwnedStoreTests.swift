import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// A plain store made and used in nonisolated code (a server's request
/// handler, a command's `run()`, a detached task): the task owns it, its
/// effects post what they dispatch, and the owner applies it when it next
/// uses the store. Every wait ends on an event (an effect's end, a post, a
/// gate the test opens); the clocks are test clocks no one moves.
@Suite("A store a task owns", .hangSafetyNet)
struct TaskOwnedStoreTests {
    struct Ledger: Equatable, Sendable {
        var n = 0
        var log: [String] = []
    }

    struct Loaded: Action { let value: Int }
    struct Ping: Action { let value: Int }
    struct Pong: Action { let value: Int }

    static func reducer(_ state: Ledger?, _ action: any Action) -> Ledger {
        var state = state ?? Ledger()
        switch action {
        case let loaded as Loaded:
            state.n += loaded.value
            state.log.append("loaded \(loaded.value)")
        case let pong as Pong:
            state.n += pong.value
            state.log.append("pong \(pong.value)")
        case let ping as Ping: state.log.append("ping \(ping.value)")
        default:
            if let done = load.fulfilled(action) { state.log.append("fulfilled \(done.value)") }
            if load.pending(action) != nil { state.log.append("pending") }
        }
        return state
    }

    /// Suspends (a real hop), dispatches `Loaded(x)`, returns `x`.
    static let load = AsyncThunk<Ledger, Int, Int>("load") { x, context in
        await Task.yield()
        await context.dispatch(Loaded(value: x))
        return x
    }

    /// Starts `load(x)` after a suspension and returns its value plus one.
    static let loadTwice = AsyncThunk<Ledger, Int, Int>("loadTwice") { x, context in
        await Task.yield()
        guard let inner = await context.dispatch(load(x)) else { throw CancellationError() }
        return try await inner.value + 1
    }

    static func listeners() -> ListenerMiddleware<Ledger> {
        let listeners = ListenerMiddleware<Ledger>()
        listeners.addListener(for: Ping.self) { ping, context in
            await Task.yield()
            await context.dispatch(Pong(value: ping.value))
        }
        return listeners
    }

    static func makeStore() -> Store<Ledger> {
        createStore(reducer, nil, applyMiddleware(thunkMiddleware(), listeners().middleware()))
    }

    /// The request handler of the issue: an async thunk, awaited, then the state.
    nonisolated static func handleRequest(_ x: Int) async throws -> Int {
        let store = makeStore()
        let v = try await store.dispatch(load(x)).value
        return v * 100 + store.getState().n
    }

    @Test func anAsyncThunkInARequestHandler() async throws {
        #expect(try await Self.handleRequest(7) == 707)
    }

    @Test func anAsyncThunkInADetachedTask() async throws {
        let answer = try await Task.detached {
            let store = Self.makeStore()
            let v = try await store.dispatch(Self.load(3)).value
            return (v, store.getState())
        }.value
        #expect(answer.0 == 3)
        #expect(answer.1.log == ["pending", "loaded 3", "fulfilled 3"])
    }

    @Test func aListenerInARequestHandlerIsAppliedWhileTheOwnerWaits() async {
        let store = Self.makeStore()
        let heard = Recorder<Int>()
        let subscription = store.subscribe { heard.append($0.n) }
        store.dispatch(Ping(value: 5))
        #expect(await store.waitForEffects(timeout: .seconds(1), clock: TestClock()))
        #expect(store.getState().log == ["ping 5", "pong 5"])
        #expect(heard.values == [0, 5])  // the owner's subscriber heard the effect's action while it waited
        subscription.dispose()
    }

    @Test func anAsyncThunkStartedByAnEffectAwayFromTheOwnerRuns() async throws {
        let store = Self.makeStore()
        #expect(try await store.dispatch(Self.loadTwice(4)).value == 5)
        #expect(await store.waitForEffects(timeout: .seconds(1), clock: TestClock()))
        // The inner run's actions, posted from the outer run's task, in order.
        #expect(store.getState().log == ["pending", "loaded 4", "fulfilled 4"])
    }

    /// What an effect dispatches before its first suspension is applied
    /// inside the owner's dispatch, as on an actor.
    @Test func whatAnEffectDispatchesBeforeItSuspendsIsAppliedAtOnce() async {
        let listeners = ListenerMiddleware<Ledger>()
        listeners.addListener(for: Ping.self) { ping, context in
            await context.dispatch(Pong(value: ping.value))
            let seen = try await context.getState().n
            await Task.yield()
            await context.dispatch(Loaded(value: seen))
        }
        let store = createStore(Self.reducer, nil, applyMiddleware(listeners.middleware()))
        store.dispatch(Ping(value: 2))
        #expect(store.state.log.prefix(2) == ["ping 2", "pong 2"])
        #expect(await store.waitForEffects(timeout: .seconds(1), clock: TestClock()))
        #expect(store.state.log == ["ping 2", "pong 2", "loaded 2"])
    }

    /// After its first suspension, an effect reads the state as the owner's
    /// last reduction left it; what it posted waits for the owner.
    @Test func anEffectAwayFromTheOwnerReadsTheStateTheOwnerLeft() async {
        let gate = AsyncGate()
        let seen = Recorder<[String]>()
        let listeners = ListenerMiddleware<Ledger>()
        listeners.addListener(for: Ping.self) { ping, context in
            await gate.wait()
            await context.dispatch(Pong(value: ping.value))
            seen.append(try await context.getState().log)
        }
        let store = createStore(Self.reducer, nil, applyMiddleware(listeners.middleware()))
        store.dispatch(Ping(value: 1))
        store.dispatch(Loaded(value: 9))  // the owner's, after the effect suspended: in the snapshot
        gate.open()
        _ = await seen.wait(forCount: 1)
        #expect(seen.values == [["ping 1", "loaded 9"]])
        #expect(store.state.log == ["ping 1", "loaded 9", "pong 1"])  // applied by this read
    }

    /// The owner applies posted actions in the order they were posted.
    @Test func postedActionsApplyInTheOrderPosted() async {
        let listeners = ListenerMiddleware<Ledger>()
        listeners.addListener(for: Ping.self) { ping, context in
            await Task.yield()
            for i in 0..<50 { await context.dispatch(Pong(value: ping.value * 100 + i)) }
        }
        let store = createStore(Self.reducer, nil, applyMiddleware(listeners.middleware()))
        store.dispatch(Ping(value: 1))
        #expect(await store.waitForEffects(timeout: .seconds(1), clock: TestClock()))
        #expect(store.state.log.dropFirst() == ArraySlice((0..<50).map { "pong \(100 + $0)" }))
    }

    /// A store freed while its effects run: they are cancelled, and what they
    /// post afterwards goes nowhere.
    @Test func freeingTheStoreCancelsItsEffects() async {
        let gate = AsyncGate()
        let after = Recorder<Bool>()
        let listeners = ListenerMiddleware<Ledger>()
        listeners.addListener(for: Ping.self) { ping, context in
            await gate.wait()
            after.append(await context.dispatch(Pong(value: ping.value)) == nil)
        }
        var store: Store<Ledger>? = createStore(Self.reducer, nil, applyMiddleware(listeners.middleware()))
        store?.dispatch(Ping(value: 1))
        store = nil
        gate.open()
        #expect(await after.wait(forCount: 1) == [true])
    }

    /// An async thunk of a scoped store, in a store a task owns.
    @Test func aScopedStoresAsyncThunk() async throws {
        let double = AsyncThunk<Int, Int, Int>("double") { x, _ in
            await Task.yield()
            return x * 2
        }
        let root = createStore(
            { (state: Ledger?, action: any Action) -> Ledger in
                var state = Self.reducer(state, action)
                if let done = double.fulfilled(action) { state.n += done.value }
                return state
            }, nil, applyMiddleware(thunkMiddleware()))
        let child = root.view(value: { $0.n })
        #expect(try await child.dispatch(double(21)).value == 42)
        #expect(await root.waitForEffects(timeout: .seconds(1), clock: TestClock()))
        #expect(root.state.n == 42)
    }

    /// A hundred request handlers at once, each with its own store: what the
    /// thread sanitizer checks.
    @Test func manyRequestHandlersAtOnce() async throws {
        let answers = try await withThrowingTaskGroup(of: Int.self) { group in
            for x in 1...100 { group.addTask { try await Self.handleRequest(x) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.sorted() == (1...100).map { $0 * 101 })
    }

    /// An actor's initializer runs with no isolation (`#isolation` is `nil`
    /// until `self` is whole): an effect started there posts to the store's
    /// inbox, and the actor applies it once its methods use the store, whose
    /// later effects come back on the actor.
    actor Room {
        let store: Store<Ledger>
        let gate = AsyncGate()
        let domain = StoreActorTests.Domain()

        init() {
            let domain = domain
            let gate = gate
            let listeners = ListenerMiddleware<Ledger>()
            listeners.addListener(for: Ping.self) { ping, context in
                await gate.wait()
                await context.dispatch(Pong(value: ping.value))
            }
            store = createStore(
                { (state: Ledger?, action: any Action) -> Ledger in
                    domain.actor?.assertIsolated()  // from `run()` on, every reduction is on this actor
                    return TaskOwnedStoreTests.reducer(state, action)
                }, nil, applyMiddleware(listeners.middleware()))
            store.dispatch(Ping(value: 1))
        }

        func run() async -> [String] {
            domain.actor = self
            store.dispatch(Ping(value: 2))  // settles the store on this actor
            gate.open()
            _ = await store.waitForEffects(timeout: .seconds(1), clock: TestClock())
            return store.state.log
        }
    }

    @Test func effectsStartedInAnActorsInitializerComeBackOnceItsMethodsUseTheStore() async {
        let log = await Room().run()
        #expect(log.prefix(2) == ["ping 1", "ping 2"])
        #expect(log.dropFirst(2).sorted() == ["pong 1", "pong 2"])
    }
}
