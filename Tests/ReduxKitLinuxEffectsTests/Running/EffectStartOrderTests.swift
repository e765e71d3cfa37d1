import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// Effects start where and when they are dispatched, as in Redux Toolkit: an
/// async thunk's body and a listener's effect run up to their first real
/// suspension before `dispatch` returns; a fork starts once its effect suspends. Each order is checked many times, on
/// a main-actor store and on a shared store: an order that holds only
/// sometimes is a bug.
@Suite("Effects start inside the dispatch", .hangSafetyNet)
struct EffectStartOrderTests {
    static let repeats = 200

    struct Login: Action { let name: String }
    struct Go: Action {}
    struct Stop: Action {}
    struct Bump: Action {}

    struct Session: Equatable, Sendable {
        var name = "first"
        var bumps = 0
    }

    static func reducer(_ state: Session?, _ action: any Action) -> Session {
        var state = state ?? Session()
        if let login = action as? Login { state.name = login.name }
        if action is Bump { state.bumps += 1 }
        return state
    }

    /// A thunk whose body reads the state before anything else and reports it.
    static func readName(into seen: Recorder<String>) -> AsyncThunk<Session, Void, String> {
        AsyncThunk("session/read") { _, context in
            let name = try await context.getState().name
            seen.append(name)
            return name
        }
    }

    /// Listeners: `Go` dispatches `Bump`; `Go` also waits for the next `Stop`.
    static func listeners(stopsSeen: Recorder<Bool>) -> ListenerMiddleware<Session> {
        let listeners = ListenerMiddleware<Session>()
        listeners.addListener(for: Go.self) { _, context in
            await context.dispatch(Bump())
            let stop = try await context.take(Stop.self, timeout: .seconds(30))
            stopsSeen.append(stop != nil)
        }
        return listeners
    }

    static func middleware(_ listeners: ListenerMiddleware<Session>) -> StoreEnhancer<Session> {
        applyMiddleware(thunkMiddleware(), listeners.middleware())
    }

    @Test @MainActor func aThunkOnAMainActorStoreReadsTheStateAtItsDispatch() async throws {
        let seen = Recorder<String>()
        let read = Self.readName(into: seen)
        let store = createStore(Self.reducer, nil, Self.middleware(ListenerMiddleware()))
        for run in 0..<Self.repeats {
            store.dispatch(Login(name: "before \(run)"))
            let handle = store.dispatch(read())
            store.dispatch(Login(name: "later"))
            #expect(try await handle.value == "before \(run)")
        }
        #expect(seen.values.allSatisfy { $0.hasPrefix("before") })
    }

    @Test func aThunkOnASharedStoreReadsTheStateAtItsDispatch() async throws {
        let seen = Recorder<String>()
        let read = Self.readName(into: seen)
        let store = SharedStore(createStore(Self.reducer, nil, Self.middleware(ListenerMiddleware())))
        for run in 0..<Self.repeats {
            store.dispatch(Login(name: "before \(run)"))
            let handle = store.dispatch(read())
            store.dispatch(Login(name: "later"))
            #expect(try await handle.value == "before \(run)")
        }
    }

    @Test @MainActor func aListenerOnAMainActorStoreHasDispatchedWhenDispatchReturns() async {
        let stops = Recorder<Bool>()
        let store = createStore(Self.reducer, nil, Self.middleware(Self.listeners(stopsSeen: stops)))
        for run in 1...Self.repeats {
            store.dispatch(Go())
            #expect(store.state.bumps == run)
            store.dispatch(Stop())
        }
        await waitForEffects(of: store)
        #expect(stops.values == Array(repeating: true, count: Self.repeats))
    }

    @Test func aListenerOnASharedStoreHasDispatchedWhenDispatchReturns() async {
        let stops = Recorder<Bool>()
        let store = SharedStore(createStore(Self.reducer, nil, Self.middleware(Self.listeners(stopsSeen: stops))))
        for run in 1...Self.repeats {
            store.dispatch(Go())
            #expect(store.getState().bumps == run)
            store.dispatch(Stop())
        }
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(stops.values == Array(repeating: true, count: Self.repeats))
    }

    /// RTK starts a fork after a microtask: the effect's synchronous part runs first.
    @Test @MainActor func aForkStartsOnceTheEffectThatForkedItSuspends() async {
        let listeners = ListenerMiddleware<Session>()
        let order = Recorder<String>()
        listeners.addListener(for: Go.self) { _, context in
            let fork = context.fork {
                order.append("fork body")
                await context.dispatch(Bump())
            }
            order.append("after fork")
            _ = await fork.result
        }
        let store = createStore(Self.reducer, nil, Self.middleware(listeners))
        for run in 1...Self.repeats {
            store.dispatch(Go())
            await waitForEffects(of: store)
            #expect(store.state.bumps == run)
        }
        #expect(order.values.count == 2 * Self.repeats)
        #expect(stride(from: 0, to: order.values.count, by: 2).allSatisfy { order.values[$0] == "after fork" })
    }

    /// Issue 20, item 7 (RTK checks a fork's cancellation before running it):
    /// a fork cancelled at once never runs its body.
    @Test @MainActor func aForkCancelledAtOnceNeverRunsItsBody() async {
        let listeners = ListenerMiddleware<Session>()
        let outcomes = Recorder<Bool>()
        listeners.addListener(for: Go.self) { _, context in
            let fork = context.fork {
                await context.dispatch(Bump())
                await context.dispatch(Bump())
            }
            fork.cancel()
            if case .failure(let error) = await fork.result { outcomes.append(error is CancellationError) }
        }
        let store = createStore(Self.reducer, nil, Self.middleware(listeners))
        for _ in 1...Self.repeats { store.dispatch(Go()) }
        await waitForEffects(of: store)
        #expect(store.state.bumps == 0)
        #expect(outcomes.values == Array(repeating: true, count: Self.repeats))
    }

    /// Waits until the store's effects have ended (on the main actor, where they come back).
    @MainActor func waitForEffects(of store: Store<Session>) async {
        for tracker in store.backend.effectTrackers() { await tracker.waitUntilIdle() }
    }

    /// A body that never suspends settles inside the dispatch (decision 0011):
    /// its `Fulfilled` action is reduced when `dispatch` returns, on a
    /// main-actor store, a shared store and a store a task owns alike.
    static let quick = AsyncThunk<Session, Int, Int>("session/quick") { x, _ in x }

    static func quickReducer(_ state: Session?, _ action: any Action) -> Session {
        var state = reducer(state, action)
        if let done = quick.fulfilled(action) { state.bumps += done.value }
        return state
    }

    @Test @MainActor func aBodyThatNeverSuspendsHasFulfilledWhenDispatchReturnsOnTheMainActor() async throws {
        for _ in 0..<Self.repeats {
            let store = createStore(Self.quickReducer, nil, applyMiddleware(thunkMiddleware()))
            let handle = store.dispatch(Self.quick(3))
            #expect(store.state.bumps == 3)
            #expect(try await handle.value == 3)
        }
    }

    @Test func aBodyThatNeverSuspendsHasFulfilledWhenDispatchReturnsInASharedStore() async throws {
        for _ in 0..<Self.repeats {
            let store = SharedStore(createStore(Self.quickReducer, nil, applyMiddleware(thunkMiddleware())))
            store.dispatch(Self.quick(3))
            #expect(store.state.bumps == 3)
        }
    }

    @Test func aBodyThatNeverSuspendsHasFulfilledWhenDispatchReturnsInATaskOwnedStore() async throws {
        for _ in 0..<Self.repeats {
            let store = createStore(Self.quickReducer, nil, applyMiddleware(thunkMiddleware()))
            store.dispatch(Self.quick(3))
            #expect(store.state.bumps == 3)
        }
    }
}
