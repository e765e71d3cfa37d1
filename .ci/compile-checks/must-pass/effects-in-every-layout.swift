// expect-output: actor stored-property initializer: value 2, bumps 1, on the store's actor
// expect-output: actor synchronous init: value 4, bumps 1, on the store's actor
// expect-output: actor async init: value 6, bumps 1, on the store's actor
// expect-output: actor lazy var: value 8, bumps 1, on the store's actor
// expect-output: actor isolated method: value 10, bumps 1, on the store's actor
// expect-output: @MainActor function: value 12, bumps 1, on the store's actor
// expect-output: custom global actor class init: value 14, bumps 1, on the store's actor
// expect-output: listener middleware made in an actor's init: value 16, bumps 1, on the store's actor
// expect-output: request handler, local SharedStore: value 18, bumps 1, under the store's lock
// expect-output: Task.detached, local SharedStore: value 20, bumps 1, under the store's lock
// Issue 19: every place real code keeps a store with effects. Each layout makes a store with the
// thunk middleware and a listener middleware, dispatches an async thunk and awaits its value, and
// dispatches an action whose listener effect dispatches `Bump()` (before `dispatch` returns: effects
// start inside the dispatch, as in Redux Toolkit). The reducer asserts it runs on the
// store's actor (`assertIsolated`), for the thunk's fulfilled action and the listener's `Bump` too,
// which come back from effect tasks. A store an actor owns learns its actor where it is dispatched to,
// so the plain `thunkMiddleware()` and `listeners.middleware()` work wherever the store is made.
// Code isolated to no actor (a request handler, a detached task) shares its store through a
// SharedStore, whose lock lets the effects in.
import ReduxKitLinuxEffects

struct Counter: Equatable, Sendable {
    var value = 0
    var bumps = 0
}

struct Go: Action {}
struct Bump: Action {}

let double = AsyncThunk<Counter, Int, Int>("double") { x, context in
    _ = try await context.getState()
    await Task.yield()
    return x * 2
}

/// Where the reducer must run: set once the actor is known (an actor's `self` is not, in its
/// stored-property initializers), then checked on every reduction.
final class Domain {
    /// Weak: the actor owns the store, whose reducer holds this.
    weak var actor: (any Actor)?
}

/// The counter's reducer, asserting it runs where `domain` says.
func reducer(checking domain: Domain) -> Reducer<Counter> {
    { state, action in
        domain.actor?.assertIsolated()
        var state = state ?? Counter()
        if let done = double.fulfilled(action) { state.value = done.value }
        if action is Bump { state.bumps += 1 }
        return state
    }
}

/// Listeners: `Go` dispatches `Bump`.
func makeListeners() -> ListenerMiddleware<Counter> {
    let listeners = ListenerMiddleware<Counter>()
    listeners.addListener(for: Go.self) { _, context in
        await context.dispatch(Bump())
    }
    return listeners
}

func makeStore(checking domain: Domain) -> Store<Counter> {
    createStore(reducer(checking: domain), nil, applyMiddleware(thunkMiddleware(), makeListeners().middleware()))
}

/// Runs the thunk and the listener on `store` and says what the state became.
func exercise(_ store: Store<Counter>, _ x: Int, isolation: isolated (any Actor)? = #isolation) async throws
    -> String
{
    let value = try await store.dispatch(double(x)).value
    store.dispatch(Go())
    // The listener's effect starts inside the dispatch and dispatches `Bump()` before its first
    // real suspension: it is reduced before `dispatch(Go())` returns, as in Redux Toolkit.
    precondition(store.state.bumps == 1, "the listener's effect had not run when dispatch returned")
    precondition(store.state.value == value)
    return "value \(store.state.value), bumps \(store.state.bumps), on the store's actor"
}

actor StoredProperty {
    let domain = Domain()
    let store: Store<Counter>
    init() {
        store = makeStore(checking: domain)
    }
    func run() async throws -> String {
        domain.actor = self
        return try await exercise(store, 1)
    }
}

actor SynchronousInit {
    let domain: Domain
    let store: Store<Counter>
    init() {
        let domain = Domain()
        self.domain = domain
        self.store = makeStore(checking: domain)
    }
    func run() async throws -> String {
        domain.actor = self
        return try await exercise(store, 2)
    }
}

actor AsyncInit {
    let domain = Domain()
    let store: Store<Counter>
    var line = ""
    init() async throws {
        store = makeStore(checking: domain)
        domain.actor = self
        line = try await exercise(store, 3)
    }
}

actor LazyVar {
    let domain = Domain()
    lazy var store: Store<Counter> = makeStore(checking: domain)
    func run() async throws -> String {
        domain.actor = self
        return try await exercise(store, 4)
    }
}

actor IsolatedMethod {
    var store: Store<Counter>?
    func run() async throws -> String {
        let domain = Domain()
        domain.actor = self
        let store = makeStore(checking: domain)
        self.store = store
        return try await exercise(store, 5)
    }
}

@MainActor func onTheMainActor() async throws -> String {
    let domain = Domain()
    domain.actor = MainActor.shared
    return try await exercise(makeStore(checking: domain), 6)
}

@globalActor actor Rooms {
    static let shared = Rooms()
}

@Rooms final class RoomModel {
    let domain = Domain()
    let store: Store<Counter>
    init() {
        domain.actor = Rooms.shared
        store = makeStore(checking: domain)
    }
    func run() async throws -> String { try await exercise(store, 7) }
}

actor ListenerMadeInInit {
    let domain = Domain()
    let store: Store<Counter>
    init() {
        // The listener middleware is made here, where `#isolation` is `nil`, and goes first.
        let listeners = makeListeners()
        store = createStore(reducer(checking: domain), nil, applyMiddleware(listeners.middleware(), thunkMiddleware()))
    }
    func run() async throws -> String {
        domain.actor = self
        return try await exercise(store, 8)
    }
}

/// A nonisolated request handler: its store is shared, so effects come back under its lock.
func handleRequest(_ x: Int) async throws -> String {
    let store = SharedStore(makeStore(checking: Domain()))
    let value = try await store.dispatch(double(x)).value
    store.dispatch(Go())
    precondition(store.getState().value == value && store.getState().bumps == 1)
    return "value \(value), bumps 1, under the store's lock"
}

print("actor stored-property initializer: \(try await StoredProperty().run())")
print("actor synchronous init: \(try await SynchronousInit().run())")
print("actor async init: \(try await AsyncInit().line)")
print("actor lazy var: \(try await LazyVar().run())")
print("actor isolated method: \(try await IsolatedMethod().run())")
print("@MainActor function: \(try await onTheMainActor())")
print("custom global actor class init: \(try await RoomModel().run())")
print("listener middleware made in an actor's init: \(try await ListenerMadeInInit().run())")
print("request handler, local SharedStore: \(try await handleRequest(9))")
print("Task.detached, local SharedStore: \(try await Task.detached { try await handleRequest(10) }.value)")
