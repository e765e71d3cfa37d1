import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// A store learns the actor its effects come back on where it is dispatched
/// to, so a store made where `#isolation` is `nil` (an actor's initializers,
/// stored-property initializers and `lazy var`s) works once the actor's
/// methods use it (a store no actor ever dispatches to is owned by the task
/// using it: see `TaskOwnedStoreTests`).
@Suite("A store's actor", .hangSafetyNet)
struct StoreActorTests {
    struct Go: Action {}
    struct Bump: Action {}

    struct Counter: Equatable, Sendable {
        var value = 0
        var bumps = 0
    }

    static let double = AsyncThunk<Counter, Int, Int>("double") { x, context in
        _ = try await context.getState()
        await Task.yield()
        return x * 2
    }

    /// Where the reducer must run, once known.
    final class Domain {
        /// Weak: the actor owns the store, whose reducer holds this.
        weak var actor: (any Actor)?
    }

    static func makeStore(checking domain: Domain) -> Store<Counter> {
        let listeners = ListenerMiddleware<Counter>()
        listeners.addListener(for: Go.self) { _, context in
            await Task.yield()  // comes back from the effect's task, after a real suspension
            await context.dispatch(Bump())
        }
        return createStore(
            { (state: Counter?, action: any Action) -> Counter in
                domain.actor?.assertIsolated()
                var state = state ?? Counter()
                if let done = double.fulfilled(action) { state.value = done.value }
                if action is Bump { state.bumps += 1 }
                return state
            }, nil, applyMiddleware(thunkMiddleware(), listeners.middleware()))
    }

    /// A chat room: its store is made in a stored-property initializer, where
    /// `#isolation` is `nil`.
    actor Room {
        let domain = Domain()
        let store: Store<Counter>
        /// Told when the room is freed.
        let freed: Recorder<Bool>

        init(freed: Recorder<Bool> = Recorder()) {
            store = StoreActorTests.makeStore(checking: domain)
            self.freed = freed
        }

        deinit {
            freed.append(true)
        }

        func run(_ x: Int) async throws -> Counter {
            domain.actor = self
            let value = try await store.dispatch(StoreActorTests.double(x)).value
            store.dispatch(Go())
            for tracker in store.backend.effectTrackers() { await tracker.waitUntilIdle() }
            #expect(value == x * 2)
            return store.state
        }
    }

    @Test func aStoreMadeInAnActorsInitializerBringsEffectsBackToTheActor() async throws {
        let rooms = [Room(), Room(), Room()]
        try await withThrowingTaskGroup(of: Counter.self) { group in
            for (index, room) in rooms.enumerated() {
                group.addTask { try await room.run(index) }
            }
            var states: [Counter] = []
            for try await state in group { states.append(state) }
            #expect(states.map(\.bumps) == [1, 1, 1])
            #expect(Set(states.map(\.value)) == [0, 2, 4])
        }
    }

    /// The store's route holds its actor weakly: a room owning its store (which
    /// owns the route) is freed with its last reference.
    @Test func anActorOwningAStoreWithEffectsIsFreed() async throws {
        let freed = Recorder<Bool>()
        do {
            let room = Room(freed: freed)
            _ = try await room.run(1)
        }
        // Woken by the room's deinit: a room its route kept alive would keep this waiting.
        #expect(await freed.wait(forCount: 1) == [true])
    }

    @Test func aScopedStoresDispatchSettlesTheRootStoresActor() async throws {
        struct Parent: Equatable, Sendable { var child = Counter() }
        actor Owner {
            let domain = Domain()
            let root: Store<Parent>
            init() {
                let domain = self.domain
                root = createStore(
                    { (state: Parent?, action: any Action) -> Parent in
                        domain.actor?.assertIsolated()
                        var state = state ?? Parent()
                        if let done = StoreActorTests.double.fulfilled(action) { state.child.value = done.value }
                        return state
                    }, nil, applyMiddleware(thunkMiddleware()))
            }
            func run() async throws -> Int {
                domain.actor = self
                // Its actions pass through unchanged; its async thunks run in the root's chain.
                let child = root.view(value: { $0.child })
                let value = try await child.dispatch(StoreActorTests.double(21)).value
                #expect(root.state.child.value == value)
                return value
            }
        }
        #expect(try await Owner().run() == 42)
    }

    @Test func anAsyncThunkOfAnotherStateStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let other = AsyncThunk<String, Void, Int>("other/load") { _, _ in 1 }
            let store = SharedStore(createStore(counterReducer, 0, applyMiddleware(thunkMiddleware())))
            store.dispatch(other() as any Action)
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ReduxKitLinux: \(EffectsMisuse.asyncThunkOfAnotherState("other/load"))"))
    }

    @Test func anAsyncThunkOfAnotherStateStopsOnAStoreWithoutAsyncThunksToo() async {
        final class Box {}
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let other = AsyncThunk<String, Void, Int>("other/load") { _, _ in 1 }
            let store = createStore({ (_: Box?, _: any Action) in Box() }, nil, applyMiddleware(thunkMiddleware()))
            store.dispatch(other())
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("is typed for another state than this store's"))
    }
}
