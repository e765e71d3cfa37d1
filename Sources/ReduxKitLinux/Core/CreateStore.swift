/// A function that creates a store from a reducer and an optional initial
/// state; ``createStore(_:_:_:)-(_,State?,_)`` is one.
public typealias StoreCreator<State> = (@escaping Reducer<State>, State?) -> Store<State>

/// A function that turns a store creator into one with more powers, such as
/// middleware (``applyMiddleware(_:)-([Middleware<State>])``).
///
/// An enhancer usually calls the creator it is given, then wraps the store it
/// gets with ``Store/init(_:dispatch:)``.
public typealias StoreEnhancer<State> = (@escaping StoreCreator<State>) -> StoreCreator<State>

/// Creates a store.
///
/// With no initial state, the store starts from `reducer(nil, DefaultAction())`,
/// computed exactly once; with one, it starts from that state and the reducer is
/// not called. With an enhancer, `createStore(reducer, state, enhancer)` is
/// `enhancer(createStore)(reducer, state)`.
///
/// ```swift
/// let store = createStore(applicationReducer, nil, applyMiddleware(logger))
/// ```
///
/// - Parameters:
///   - reducer: Computes each next state; see ``Reducer``.
///   - state: The state to start from, or `nil` to let the reducer supply it.
///   - enhancer: Adds powers to the store, such as middleware.
/// - Returns: The new store.
@inlinable
public func createStore<State>(
    _ reducer: @escaping Reducer<State>,
    _ state: State? = nil,
    _ enhancer: StoreEnhancer<State>? = nil
) -> Store<State> {
    guard let enhancer else { return createStore(reducer, state) }
    return enhancer(createStore)(reducer, state)
}

/// Creates a plain store, with no enhancer: the ``StoreCreator`` that
/// enhancers receive, so `enhancer(createStore)` names it.
///
/// With no initial state, the store starts from `reducer(nil, DefaultAction())`,
/// computed exactly once; with one, it starts from that state.
///
/// - Parameters:
///   - reducer: Computes each next state; see ``Reducer``.
///   - state: The state to start from, or `nil` to let the reducer supply it.
/// - Returns: The new store.
@inlinable
public func createStore<State>(_ reducer: @escaping Reducer<State>, _ state: State?) -> Store<State> {
    Store(core: StoreCore(reducer: reducer, state: state))
}

/// Creates a store whose reducer changes the state in place.
///
/// The store passes its own state to `reducer`, so a change to a large state
/// copies nothing: appending to a 100,000-element array in the state costs what
/// appending to a plain array costs. An in-place reducer has no default state,
/// so the initial state is required, and no ``DefaultAction`` is dispatched.
///
/// ```swift
/// let store = createStore(todosReducer, [String]())
/// ```
///
/// An enhancer receives the reducer as an optional-state ``Reducer``, since
/// that is what a ``StoreCreator`` takes; the store moves its state into it,
/// so the state is still changed in place, as long as the enhancer passes on
/// a reducer that does not keep the old state.
///
/// - Parameters:
///   - reducer: Changes the state in place; see ``InPlaceReducer``.
///   - state: The state to start from.
///   - enhancer: Adds powers to the store, such as middleware.
/// - Returns: The new store.
@inlinable
public func createStore<State>(
    _ reducer: @escaping InPlaceReducer<State>,
    _ state: State,
    _ enhancer: StoreEnhancer<State>? = nil
) -> Store<State> {
    guard let enhancer else { return Store(core: StoreCore(reducer: reducer, state: state)) }
    let initialState = state
    let optionalStateReducer: Reducer<State> = { state, action in
        var state = (consume state) ?? initialState
        reducer(&state, action)
        return state
    }
    return enhancer(createStore)(optionalStateReducer, state)
}

/// An in-place reducer without the state to start from: it has no default
/// state to fill in, so the compiler asks for one (`createStore(reducer,
/// State())`) instead of failing to convert the reducer to a ``Reducer``.
///
/// - Parameter reducer: Changes the state in place; see ``InPlaceReducer``.
/// - Returns: Nothing: it cannot be called.
@available(
    *, unavailable,
    message: "an in-place reducer has no default state: pass the state to start from, createStore(reducer, State())"
)
public func createStore<State>(_ reducer: @escaping InPlaceReducer<State>) -> Store<State> {
    fatalError("unavailable")
}
