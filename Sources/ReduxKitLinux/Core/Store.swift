/// A store: holds the state of an app, applies dispatched actions to it with a
/// reducer, and tells subscribers about each new state.
///
/// Create one with ``createStore(_:_:_:)-(_,State?,_)``. A store lives in one
/// isolation domain, as a Redux store lives on one thread: the main actor, one
/// actor, or the code that made it. It is not `Sendable`, and neither are the
/// closures it holds (its reducer, middleware and subscribers), so they may
/// capture local variables and non-`Sendable` objects: the compiler's
/// region-based isolation refuses to let the store, or anything its closures
/// capture, be used from another thread while it is still used here. It runs
/// its closures one at a time, with no lock, and a subscriber or middleware may
/// dispatch again (the nested dispatch is applied at once, as in Redux).
///
/// To use one store from many threads, hand it over to a ``SharedStore``:
/// `SharedStore(createStore(reducer, nil))`.
///
/// ```swift
/// let store = createStore(counterReducer, nil)
/// let subscription = store.subscribe { print($0) }
/// store.dispatch(IncrementAction())   // prints 1
/// subscription.dispose()
/// ```
public final class Store<State>: DispatchingStore {
    /// What the store is built on: its own state, reducer and subscribers, or a
    /// view into another store. Shared with every store an enhancer builds on
    /// top of this one.
    @usableFromInline package let backend: any StoreBackend<State>
    /// The backend when it is a store's own core: the hot paths call it directly,
    /// specialised, rather than through the existential.
    @usableFromInline package let core: StoreCore<State>?
    /// The dispatch function an enhancer installed, or `nil` for a plain store.
    @usableFromInline let enhancedDispatch: DispatchFunction?
    /// The ``RowDepartures`` of the collections its row stores were made
    /// over, by the collection's key path, and, under `\Store<State>.self`,
    /// the ``ReductionWatchers`` of a root store (used only in the store's domain).
    @usableFromInline package var rowTables: [AnyKeyPath: AnyObject] = [:]

    @inlinable
    package init(backend: any StoreBackend<State>) {
        self.backend = backend
        self.core = backend as? StoreCore<State>
        self.enhancedDispatch = nil
    }

    @inlinable
    init(core: StoreCore<State>) {
        self.backend = core
        self.core = core
        self.enhancedDispatch = nil
    }

    /// Creates a store that shares `store`'s state, reducer and subscribers, but
    /// sends every action through `dispatch`: what a ``StoreEnhancer`` returns,
    /// like `{ ...store, dispatch }` in Redux.
    ///
    /// The store calls `dispatch` in its own domain, one action at a time, so
    /// `dispatch` need not be thread-safe. It usually ends by calling
    /// `store.dispatch`.
    ///
    /// - Parameters:
    ///   - store: The store to build on.
    ///   - dispatch: The function that handles every action dispatched to the new store.
    public init(_ store: Store<State>, dispatch: @escaping DispatchFunction) {
        self.backend = store.backend
        self.core = store.core
        self.enhancedDispatch = dispatch
    }

    /// Dispatches an action: runs it through the middleware (if any) and the
    /// reducer, stores the new state and calls every subscriber with it, before
    /// returning.
    ///
    /// When `dispatch` returns, ``getState()`` reflects the action. Calling it
    /// from inside the reducer stops the process ("Reducers may not dispatch
    /// actions.").
    ///
    /// An action whose static type has an overload of its own (an async
    /// thunk's action, which returns its run's typed handle) goes to that
    /// overload; `dispatch(action as any Action)` always comes here.
    ///
    /// - Parameter action: The action to apply.
    /// - Returns: The action, or whatever the middleware chose to return.
    @inlinable
    @discardableResult
    @_disfavoredOverload  // the typed overloads of `DispatchingStore` win for their actions
    public func dispatch(_ action: consuming any Action) -> any Action {
        if let enhancedDispatch {
            if let core { return core.serialize { enhancedDispatch(action) } }
            return backend.serialize { enhancedDispatch(action) }
        }
        if core != nil { return core.unsafelyUnwrapped.dispatch(action) }
        return backend.dispatch(action)
    }

    /// Settles the store's routes (``StoreRoute``) on `actor`, the isolation
    /// of code that is dispatching to it (the first time, and after middleware
    /// was added).
    @inlinable
    package func settleRoutes(on actor: any Actor) {
        guard let core else { return backend.settleRoutes(on: actor) }
        if core.routesAwaitActor { core.settleRoutes(on: actor) }
    }

    /// Returns the current state.
    ///
    /// Calling it from inside the reducer stops the process: the reducer already
    /// has the state as its argument.
    ///
    /// - Returns: The state after the last dispatch that has finished.
    @inlinable
    public func getState() -> State {
        if let core { return core.getState() }
        return backend.getState()
    }

    /// The current state; the same as ``getState()``.
    @inlinable
    public var state: State {
        getState()
    }

    /// Adds a subscriber, called with the new state after every dispatch, in the
    /// order subscribers were added.
    ///
    /// The subscriber is not called now, only from the next dispatch on (see
    /// ``subscribe(includingCurrentState:_:)-(_,(State)->Void)`` to receive the current state
    /// first). It never receives a state older than one it has received, nor the
    /// same state twice, even when subscribers dispatch. It may be called from
    /// a subscriber (the new subscriber then first hears of the next dispatch).
    ///
    /// A `@MainActor` view model's subscriber ties the store to the main actor,
    /// so the compiler then refuses to let another thread use it:
    /// `Task.detached { store.dispatch(…) }` fails with `passing closure as a
    /// 'sending' parameter risks causing data races between main
    /// actor-isolated code and concurrent execution of the closure`. When
    /// background work dispatches too, share the store (``SharedStore``) and
    /// subscribe with ``SharedStore/subscribe(isolated:includingCurrentState:)``.
    ///
    /// - Parameter subscriber: Called with each new state, in the store's domain.
    /// - Returns: A handle whose `dispose()` removes this subscriber and releases
    ///   it; after `dispose()` returns, the subscriber is never called again. The
    ///   handle does not keep the store alive.
    @inlinable
    @discardableResult
    public func subscribe(_ subscriber: @escaping (State) -> Void) -> any ReduxDisposable {
        addSubscriber(making: { _ in subscriber })
    }

    /// Adds a subscriber that first receives the current state, at once, then
    /// every new one, with no gap a dispatch could fall into.
    ///
    /// ```swift
    /// store.subscribe(includingCurrentState: true) { render($0) }  // renders now, then on every change
    /// ```
    ///
    /// - Parameters:
    ///   - includingCurrentState: Whether to call `subscriber` with the current
    ///     state before this method returns; `false` is ``subscribe(_:)-((State)->Void)``.
    ///   - subscriber: Called with each state.
    /// - Returns: A handle whose `dispose()` removes this subscriber.
    @inlinable
    @discardableResult
    public func subscribe(
        includingCurrentState: Bool, _ subscriber: @escaping (State) -> Void
    ) -> any ReduxDisposable {
        let handle = addSubscriber(making: { _ in subscriber })
        if includingCurrentState { subscriber(getState()) }
        return handle
    }

    /// Adds the subscriber `makeSubscriber` returns, called with the current
    /// state (see ``StoreBackend/subscribe(_:)``).
    @inlinable
    func addSubscriber(making makeSubscriber: (State) -> (State) -> Void) -> any ReduxDisposable {
        if let core { return core.subscribe(makeSubscriber) }
        return backend.subscribe(makeSubscriber)
    }

    /// Replaces the reducer, keeping the current state, and dispatches a
    /// ``ReplaceReducerAction`` through the new reducer (not through middleware)
    /// so it can fill in defaults and subscribers hear of it.
    ///
    /// - Parameter reducer: The reducer to use from now on.
    public func replaceReducer(_ reducer: @escaping Reducer<State>) {
        backend.replaceReducer(inPlace(reducer))
    }

    /// Replaces the reducer with an in-place one, keeping the current state, and
    /// dispatches a ``ReplaceReducerAction`` through it (not through middleware).
    ///
    /// - Parameter reducer: The in-place reducer to use from now on.
    public func replaceReducer(_ reducer: @escaping InPlaceReducer<State>) {
        backend.replaceReducer(reducer)
    }
}
