/// A store for many threads: a whole ``Store`` handed over, used from then on
/// only under one lock.
///
/// ```swift
/// let shared = SharedStore(createStore(counterReducer, nil))
/// DispatchQueue.concurrentPerform(iterations: 8) { _ in
///     for _ in 0..<1_000 { shared.dispatch(IncrementAction()) }
/// }
/// print(shared.state)  // 8000, always
/// ```
///
/// `SharedStore(_:)` takes the store as `sending`, the way `Mutex` takes its
/// value: the store, and everything its reducer, middleware and subscribers
/// capture, moves in with it, and the compiler rejects any later use of them
/// outside. Its own methods take only closures the compiler can prove safe to
/// call from any thread (`@Sendable` ones). Subscribers run on the dispatching
/// thread, one at a time, under the lock, as in a ``Store``; one isolated to an
/// actor, such as a `@MainActor` view model's, is called on that actor instead
/// (see ``subscribe(isolated:includingCurrentState:)``). Effects started by
/// its middleware (async thunks, listeners) dispatch back through the lock.
///
/// A nested dispatch (from a subscriber or middleware) takes the lock again on
/// the same thread and is applied at once. Every guarantee of a ``Store``
/// holds: no subscriber receives an older state or the same state twice, and
/// after `dispose()` returns the subscriber is never called again.
///
/// The handles it returns may be disposed from any thread. `dispose()` takes
/// the lock: called from another thread while a dispatch is under way, it
/// waits until that dispatch, with its notification round, has ended (the
/// subscriber it removes may still be called in that round), so a subscriber
/// must not wait for another thread that disposes a handle of this store. A
/// plain ``Store``'s handles, by contrast, are not `Sendable`: they are used in
/// the store's own domain.
///
/// In an actor-isolated context (a `@MainActor` function, top-level code),
/// closures written there belong to that actor, so a store built from them
/// cannot be handed over; build it in a `@Sendable` closure instead:
/// `SharedStore { createStore({ state, action in … }, nil) }`.
public final class SharedStore<State: Sendable>: DispatchingStore, @unchecked Sendable {
    // Why no race is possible, although `store` is not `Sendable` and holds
    // non-`Sendable` closures: the public initialiser receives the store as
    // `sending`, so the compiler proves the caller keeps no access to it, or to
    // anything in its region (its reducer, middleware, subscribers and what they
    // capture). From then on the store is reached only through `store` below,
    // and every method of this class that touches it holds `lock`, so one
    // thread at a time uses it. Closures handed in later are `@Sendable` (or
    // `@isolated(any) @Sendable`), so they may run on whichever thread holds the
    // lock. A scoped shared store (`view`) holds a store scoped from this one and
    // the same lock. Effects reach the store through `dispatch` and `getState`,
    // which take the lock. The store is freed in `deinit`, with the lock held,
    // so a handle disposed on another thread at that moment waits for it (and
    // then finds the store gone), and a scoped store's parent is never changed
    // without the lock.

    /// Serialises every use of `store`; recursive, so a subscriber or middleware
    /// may dispatch again on the same thread.
    @usableFromInline package let lock: StoreLock
    /// The store; touched only with `lock` held. Unowned, so the hot paths read
    /// it without a retain: `owner` keeps it alive until `deinit`.
    @usableFromInline package unowned(unsafe) let store: Store<State>
    /// Owns `store`, and lets `deinit` free it with the lock held.
    private let owner: StoreOwner<State>
    /// The `states` streams' subscriptions being removed by tasks of their own.
    package let deferredDisposals = DeferredDisposals()

    /// Takes a store over, to share it between threads.
    ///
    /// - Parameter store: The store, with everything it holds; the caller keeps
    ///   no access to it.
    public init(_ store: sending Store<State>) {
        self.lock = StoreLock()
        self.store = store
        self.owner = StoreOwner(store)
        store.backend.routeThrough(shared: self)
    }

    /// Builds a store and takes it over: for building one in an actor-isolated
    /// context, where the closures written there would belong to the actor.
    ///
    /// ```swift
    /// let shared = SharedStore { createStore(appReducer, nil, applyMiddleware(thunkMiddleware())) }
    /// ```
    ///
    /// - Parameter makeStore: Builds the store; it runs once, at once, outside
    ///   any actor.
    public convenience init(_ makeStore: @Sendable () -> sending Store<State>) {
        self.init(makeStore())
    }

    /// A shared store over `store`, a store scoped from one that `lock` guards
    /// (and held: called by `view`, under `lock`).
    package init(scoped store: Store<State>, lock: StoreLock) {
        self.lock = lock
        self.store = store
        self.owner = StoreOwner(store)
        // What the scoped store itself starts comes back through this view.
        store.backend.routeThrough(shared: self)
    }

    deinit {
        lock.lock()
        defer { lock.unlock() }
        owner.store = nil
    }

    /// Dispatches an action, as ``Store/dispatch(_:)-(Action)`` does, from any thread.
    ///
    /// The middleware, the reducer and the subscribers run on this thread under
    /// the lock; when `dispatch` returns, the action is applied, but
    /// ``getState()`` takes the lock again, so it may also reflect actions
    /// other threads dispatched meanwhile. To read the state this action
    /// made, dispatch a thunk that dispatches it and reads `getState()`: both
    /// run under the lock in one go.
    /// As on a `Store`, an action whose static type has an overload of its own
    /// (an async thunk's action) goes to that overload.
    ///
    /// - Parameter action: The action to apply.
    /// - Returns: The action, or whatever the middleware chose to return.
    @inlinable
    @discardableResult
    @_disfavoredOverload  // the typed overloads of `DispatchingStore` win for their actions
    public func dispatch(_ action: any Action) -> any Action {
        lock.lock()
        defer { lock.unlock() }
        return store.dispatch(action)
    }

    /// Returns the current state; it waits while another thread dispatches.
    ///
    /// - Returns: The state after the last dispatch that has finished.
    @inlinable
    public func getState() -> State {
        lock.lock()
        defer { lock.unlock() }
        return store.getState()
    }

    /// The current state; the same as ``getState()``.
    @inlinable
    public var state: State {
        getState()
    }

    /// Replaces the reducer, keeping the current state; see ``Store/replaceReducer(_:)-(Reducer<State>)``.
    ///
    /// - Parameter reducer: The reducer to use from now on.
    public func replaceReducer(_ reducer: @escaping @Sendable (State?, any Action) -> State) {
        withStore { $0.replaceReducer(reducer) }
    }

    /// Replaces the reducer with an in-place one, keeping the current state.
    ///
    /// - Parameter reducer: The in-place reducer to use from now on.
    public func replaceReducer(_ reducer: @escaping @Sendable (inout State, any Action) -> Void) {
        withStore { $0.replaceReducer(reducer) }
    }

    /// Runs `body` on the store with the lock held.
    func withStore<Result>(_ body: (Store<State>) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(store)
    }
}

/// Holds a shared store's store, so that the shared store can free it with its
/// lock held.
final class StoreOwner<State> {
    var store: Store<State>?

    init(_ store: Store<State>) {
        self.store = store
    }
}

/// A shared store, seen without its state type: its lock (scoped stores in it
/// send their async thunks' results back under it).
package protocol LockSharing: AnyObject {
    /// The lock everything the shared store runs is serialised by.
    var lock: StoreLock { get }
}

extension SharedStore: LockSharing {}
