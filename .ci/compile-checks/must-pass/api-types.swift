// expect-output: api-types: every call picked the overload and type it should
// Compile-time API tests (like TCA's and Redux's type tests): each `expectType(_:is:)` below only
// compiles if the call's result has exactly the named type, so a change to which overload a common
// call picks, or to what it returns, fails this program at build time. The program also runs, so the
// overloads picked are checked to behave (repeat-skipping by `Equatable`, the reducer shapes).
import Dispatch
import ReduxKitLinuxEffects

/// Compiles only when `value` is exactly a `T` (no conversion: `T` is fixed by the second argument).
func expectType<T>(_ value: T, is _: T.Type) {}

struct Increment: Action { var by = 1 }
enum ListAction: Action { case add(String) }
enum ParentAction: Action {
    case list(ListAction)
    var list: ListAction? {
        guard case .list(let action) = self else { return nil }
        return action
    }
}
struct ParentState: Equatable, Sendable {
    var count = 0
    var names: [String] = []
}

// The reducer shapes createStore accepts, and what each makes.
func optionalReducer(_ state: Int?, _ action: any Action) -> Int {
    (state ?? 0) + ((action as? Increment)?.by ?? 0)
}
func inPlaceReducer(_ state: inout Int, _ action: any Action) {
    state += (action as? Increment)?.by ?? 0
}
func listReducer(_ names: inout [String], _ action: ListAction) {
    if case .add(let name) = action { names.append(name) }
}
func countReducer(_ count: Int?, _ action: any Action) -> Int { optionalReducer(count, action) }

let double = AsyncThunk<Int, Int, Int>("double") { value, _ in value * 2 }

/// A store whose async thunks come back to it lives on an actor (here the main actor).
@MainActor
func mainActorCalls() async throws {
    // thunkMiddleware() on the main actor: the same type as outside any actor.
    expectType(thunkMiddleware() as Middleware<Int>, is: Middleware<Int>.self)
    let store = createStore(optionalReducer, nil, applyMiddleware(thunkMiddleware()))
    expectType(store, is: Store<Int>.self)

    // An async thunk's action dispatched to a store answers its run's typed handle: the typed
    // `dispatch(_:)` wins over the untyped one, also with no type expected of the result (`let`).
    expectType(store.dispatch(double(21)), is: AsyncThunkHandle<Int>.self)
    let handle = store.dispatch(double(21))
    expectType(handle, is: AsyncThunkHandle<Int>.self)
    expectType(try await handle.value, is: Int.self)
    // Seen as any action, it goes through the untyped dispatch, which answers `any Action` (not the handle).
    expectType(store.dispatch(double(1) as any Action), is: (any Action).self)
    // Its matchers answer the lifecycle action, typed, or nil.
    expectType(double.fulfilled(Increment()), is: AsyncThunk<Int, Int, Int>.Fulfilled?.self)
    expectType(double.pending(Increment()), is: AsyncThunk<Int, Int, Int>.Pending?.self)
    expectType(double.rejected(Increment()), is: AsyncThunk<Int, Int, Int>.Rejected?.self)

    // An observable model of the store dispatches the same way.
    let model = ObservableStore(store)
    let modelHandle = model.dispatch(double(4))
    expectType(modelHandle, is: AsyncThunkHandle<Int>.self)
    expectType(model.dispatch(Increment()), is: (any Action).self)
    let doubled = try await modelHandle.value
    precondition(doubled == 8)
}

func nonisolatedCalls() async throws {
    // createStore: each reducer shape, with and without an initial state and an enhancer.
    expectType(createStore(optionalReducer, nil), is: Store<Int>.self)
    expectType(createStore(optionalReducer), is: Store<Int>.self)
    expectType(createStore(optionalReducer, 5, applyMiddleware()), is: Store<Int>.self)
    expectType(createStore(inPlaceReducer, 0), is: Store<Int>.self)
    expectType(createStore({ (state: inout Int, _: any Action) in state += 1 }, 0), is: Store<Int>.self)
    expectType(createStore({ (state: Int?, _: any Action) in (state ?? 0) + 1 }), is: Store<Int>.self)

    // dispatch answers the action (or what middleware made of it), typed `any Action`.
    let store = createStore(optionalReducer, nil, applyMiddleware(thunkMiddleware()))
    expectType(store.dispatch(Increment()), is: (any Action).self)
    expectType(store.dispatch(Thunk<Int> { dispatch, _ in _ = dispatch(Increment()) }), is: (any Action).self)

    // subscribe answers a disposable; on a SharedStore, a Sendable one.
    let subscription = store.subscribe { _ in }
    expectType(subscription, is: (any ReduxDisposable).self)
    subscription.dispose()
    expectType(store.subscribe(select: { $0 > 1 }) { _ in }, is: (any ReduxDisposable).self)

    // combineReducers keeps the shape it is given.
    expectType(combineReducers(optionalReducer, countReducer), is: Reducer<Int>.self)
    expectType(combineReducers(inPlaceReducer, inPlaceReducer), is: InPlaceReducer<Int>.self)
    expectType(combineReducers([optionalReducer]), is: Reducer<Int>.self)

    // pullback: by state key path alone, and with the child's actions.
    expectType(pullback(inPlaceReducer, state: \ParentState.count), is: InPlaceReducer<ParentState>.self)
    expectType(pullback(optionalReducer, state: \ParentState.count), is: InPlaceReducer<ParentState>.self)
    let parentReducer = combineReducers(
        pullback(inPlaceReducer, state: \ParentState.count),
        pullback(listReducer, state: \ParentState.names, action: \ParentAction.list)
    )
    expectType(parentReducer, is: InPlaceReducer<ParentState>.self)

    // view(value:action:): every spelling of the embedding the Composing article shows.
    let parent = createStore(parentReducer, ParentState())
    let byCase = parent.view(value: { $0.names }, action: ParentAction.list)
    let byClosure = parent.view(value: { $0.names }, action: { ParentAction.list($0) })
    let byResultType = parent.view(
        value: { $0.names }, action: { (child: ListAction) -> ParentAction in .list(child) })
    expectType(byCase, is: Store<[String]>.self)
    expectType(byClosure, is: Store<[String]>.self)
    expectType(byResultType, is: Store<[String]>.self)
    expectType(parent.view(value: { $0.count }), is: Store<Int>.self)
    byClosure.dispatch(ListAction.add("Ada"))
    precondition(parent.state.names == ["Ada"])

    // An Equatable child skips repeats; a non-Equatable one is called after every dispatch to the parent.
    struct Box { var count: Int }
    var equatableCalls = 0
    var boxCalls = 0
    let counts = parent.view(value: { $0.count })
    let boxes = parent.view(value: { Box(count: $0.count) })
    let first = counts.subscribe { _ in equatableCalls += 1 }
    let second = boxes.subscribe { _ in boxCalls += 1 }
    parent.dispatch(ListAction.add("Grace"))  // not embedded: the parent's own reducers ignore it
    byCase.dispatch(ListAction.add("Grace"))  // the names change, the count does not
    precondition(equatableCalls == 0 && boxCalls == 2, "\(equatableCalls) \(boxCalls)")
    first.dispose()
    second.dispose()

    // SharedStore: made from a store; its subscriptions are Sendable; view gives a SharedStore.
    let shared = SharedStore(createStore(optionalReducer, nil, applyMiddleware(thunkMiddleware())))
    expectType(shared, is: SharedStore<Int>.self)
    expectType(shared.subscribe { _ in }, is: (any ReduxDisposable & Sendable).self)
    expectType(shared.view(value: { $0 * 2 }), is: SharedStore<Int>.self)
    expectType(shared.dispatch(double(1)), is: AsyncThunkHandle<Int>.self)
    let sharedHandle = shared.dispatch(double(2))
    expectType(sharedHandle, is: AsyncThunkHandle<Int>.self)
    expectType(try await sharedHandle.value, is: Int.self)
    expectType(shared.dispatch(double(3) as any Action), is: (any Action).self)

    // Listener middleware: every addListener answers the listener's subscription, and so does
    // dispatching an AddListener (optional: nil when no listener middleware of the state took it).
    let listeners = ListenerMiddleware<Int>()
    expectType(listeners.middleware(), is: Middleware<Int>.self)
    expectType(listeners.addListener(for: Increment.self) { _, _ in }, is: ListenerSubscription.self)
    expectType(listeners.addListener(matching: { $0 is Increment }) { _, _ in }, is: ListenerSubscription.self)
    expectType(
        listeners.addListener(predicate: { _, now, before in now != before }) { _, _ in }, is: ListenerSubscription.self
    )
    let withListeners = SharedStore(createStore(optionalReducer, nil, applyMiddleware(listeners.middleware())))
    let added = withListeners.dispatch(AddListener<Int>(for: Increment.self) { _, _ in })
    expectType(added, is: ListenerSubscription?.self)
    precondition(added != nil && shared.dispatch(AddListener<Int>(for: Increment.self) { _, _ in }) == nil)
}

// No library name shadows a toolchain module: the Dispatch module's types stay reachable by their
// qualified names in a file that imports the library (`DispatchFunction` was once `Dispatch`).
let queue: Dispatch.DispatchQueue = .global()
expectType(queue, is: DispatchQueue.self)
expectType(optionalReducer as Reducer<Int>, is: ((Int?, any Action) -> Int).self)

try await mainActorCalls()
try await nonisolatedCalls()
print("api-types: every call picked the overload and type it should")
