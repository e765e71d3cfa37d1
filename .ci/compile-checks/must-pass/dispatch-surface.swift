// expect-output: dispatch-surface: on every dispatching type, each kind of action picked its overload
// Which `dispatch` overload each common call picks, on every type that dispatches (issue 24, item 2):
// Store (root and scoped), SharedStore (root and scoped), ObservableStore, and the two effect
// contexts (an async thunk's and a listener's). Each `expectType(_:is:)` compiles only if the call's
// result has exactly the named type, and every result is bound with `let` first, so no expected type
// steers the overload. The program runs, so the overloads picked are seen to do their work too.
import ReduxKitLinuxEffects

/// Compiles only when `value` is exactly a `T` (no conversion: `T` is fixed by the second argument).
func expectType<T>(_ value: T, is _: T.Type) {}

struct Increment: Action {}
struct Doubled: Action { let value: Int }

func counter(_ state: Int?, _ action: any Action) -> Int {
    let state = state ?? 0
    if action is Increment { return state + 1 }
    if let doubled = action as? Doubled { return doubled.value }
    return state
}

/// The kinds of action the surface types: a plain action, an async thunk's action, a listener to
/// add, a thunk; and the plain dispatch reached on purpose with `as any Action`.
let double = AsyncThunk<Int, Int, Int>("double") { value, context in
    // An async thunk's context: the same kinds, answered `async` and optional (nil: the store is gone).
    let plain = await context.dispatch(Increment())
    expectType(plain, is: (any Action)?.self)
    let nested = await context.dispatch(half(value))
    expectType(nested, is: AsyncThunkHandle<Int>?.self)
    let listener = await context.dispatch(AddListener<Int>(for: Doubled.self) { _, _ in })
    expectType(listener, is: ListenerSubscription?.self)
    let thunk = await context.dispatch(Thunk<Int> { dispatch, _ in _ = dispatch(Increment()) })
    expectType(thunk, is: (any Action)?.self)
    let untyped = await context.dispatch(half(value) as any Action)
    expectType(untyped, is: (any Action)?.self)
    listener?.dispose()
    return try await (nested?.value ?? 0) * 4
}
let half = AsyncThunk<Int, Int, Int>("half") { value, _ in value / 2 }

/// What a listener's context answers: the same as an async thunk's.
func listenerCalls(_ listeners: ListenerMiddleware<Int>, seen: AsyncStream<Int>.Continuation) {
    listeners.addListener(for: Doubled.self) { doubled, context in
        let plain = await context.dispatch(Increment())
        expectType(plain, is: (any Action)?.self)
        let handle = await context.dispatch(half(doubled.value))
        expectType(handle, is: AsyncThunkHandle<Int>?.self)
        let listener = await context.dispatch(AddListener<Int>(for: Increment.self) { _, _ in })
        expectType(listener, is: ListenerSubscription?.self)
        let thunk = await context.dispatch(Thunk<Int> { dispatch, _ in _ = dispatch(Increment()) })
        expectType(thunk, is: (any Action)?.self)
        listener?.dispose()
        seen.yield(try await handle?.value ?? -1)
    }
}

@MainActor
func mainActorCalls() async throws {
    let listeners = ListenerMiddleware<Int>()
    let store = createStore(counter, nil, applyMiddleware(thunkMiddleware(), listeners.middleware()))

    // Store: a plain action and a thunk answer the action; an async thunk's action its typed
    // handle; an AddListener its subscription.
    let plain = store.dispatch(Increment())
    expectType(plain, is: (any Action).self)
    let handle = store.dispatch(double(10))
    expectType(handle, is: AsyncThunkHandle<Int>.self)
    let listener = store.dispatch(AddListener<Int>(for: Doubled.self) { _, _ in })
    expectType(listener, is: ListenerSubscription?.self)
    let thunk = store.dispatch(Thunk<Int> { dispatch, _ in _ = dispatch(Increment()) })
    expectType(thunk, is: (any Action).self)
    let untyped = store.dispatch(double(10) as any Action)
    expectType(untyped, is: (any Action).self)
    let handleValue = try await handle.value
    precondition(handleValue == 20)
    listener?.dispose()

    // A scoped store is a Store: the same overloads, in the child's terms.
    let scoped = store.view(value: { $0 })
    let scopedHandle = scoped.dispatch(half(8))
    expectType(scopedHandle, is: AsyncThunkHandle<Int>.self)
    let scopedListener = scoped.dispatch(AddListener<Int>(for: Increment.self) { _, _ in })
    expectType(scopedListener, is: ListenerSubscription?.self)
    let scopedThunk = scoped.dispatch(Thunk<Int> { dispatch, _ in _ = dispatch(Increment()) })
    expectType(scopedThunk, is: (any Action).self)
    let scopedHandleValue = try await scopedHandle.value
    precondition(scopedHandleValue == 4)
    scopedListener?.dispose()

    // ObservableStore: the same, from the main actor.
    let model = ObservableStore(store)
    let modelPlain = model.dispatch(Increment())
    expectType(modelPlain, is: (any Action).self)
    let modelHandle = model.dispatch(half(6))
    expectType(modelHandle, is: AsyncThunkHandle<Int>.self)
    let modelListener = model.dispatch(AddListener<Int>(for: Increment.self) { _, _ in })
    expectType(modelListener, is: ListenerSubscription?.self)
    let modelHandleValue = try await modelHandle.value
    precondition(modelHandleValue == 3)
    modelListener?.dispose()

    // A WeakStore (a middleware's way back) is an AsyncDispatchingStore: the contexts' overloads.
    var kept: WeakStore<Int>?
    let keeper: Middleware<Int> = { api in
        kept = api.weakStore
        return { next in { next($0) } }
    }
    let withWay = createStore(counter, nil, applyMiddleware(keeper, thunkMiddleware()))
    withWay.dispatch(Increment())  // settles the store's routes on the main actor
    let weakStore = kept!
    let weakPlain = await weakStore.dispatch(Increment())
    expectType(weakPlain, is: (any Action)?.self)
    let weakHandle = await weakStore.dispatch(half(10))
    expectType(weakHandle, is: AsyncThunkHandle<Int>?.self)
    let weakValue = try await weakHandle?.value
    precondition(weakValue == 5)
    let weakListener = await weakStore.dispatch(AddListener<Int>(for: Increment.self) { _, _ in })
    expectType(weakListener, is: ListenerSubscription?.self)
    precondition(weakListener == nil)  // this store has no listener middleware

    // ObservableStore's typed Thunk dispatch.
    let modelThunk = model.dispatch(Thunk<Int> { dispatch, _ in _ = dispatch(Increment()) })
    expectType(modelThunk, is: (any Action).self)

    // The listener's context, run for real.
    let (seen, continuation) = AsyncStream<Int>.makeStream()
    listenerCalls(listeners, seen: continuation)
    store.dispatch(Doubled(value: 12))
    var values = seen.makeAsyncIterator()
    let value = await values.next()
    precondition(value == 6, "\(String(describing: value))")
}

func nonisolatedCalls() async throws {
    // SharedStore (root and scoped): the same overloads, from any thread.
    let listeners = ListenerMiddleware<Int>()
    let shared = SharedStore(
        createStore(counter, nil, applyMiddleware(thunkMiddleware(), listeners.middleware())))
    let plain = shared.dispatch(Increment())
    expectType(plain, is: (any Action).self)
    let handle = shared.dispatch(double(2))
    expectType(handle, is: AsyncThunkHandle<Int>.self)
    let listener = shared.dispatch(AddListener<Int>(for: Doubled.self) { _, _ in })
    expectType(listener, is: ListenerSubscription?.self)
    let thunk = shared.dispatch(Thunk<Int> { dispatch, _ in _ = dispatch(Increment()) })
    expectType(thunk, is: (any Action).self)
    let untyped = shared.dispatch(double(2) as any Action)
    expectType(untyped, is: (any Action).self)
    let handleValue = try await handle.value
    precondition(handleValue == 4)
    listener?.dispose()

    let scoped = shared.view(value: { $0 })
    let scopedHandle = scoped.dispatch(half(4))
    expectType(scopedHandle, is: AsyncThunkHandle<Int>.self)
    let scopedListener = scoped.dispatch(AddListener<Int>(for: Increment.self) { _, _ in })
    expectType(scopedListener, is: ListenerSubscription?.self)
    let scopedHandleValue = try await scopedHandle.value
    precondition(scopedHandleValue == 2)
    scopedListener?.dispose()
    let settled = await shared.waitForEffects(timeout: .seconds(30))
    precondition(settled)
}

try await mainActorCalls()
try await nonisolatedCalls()
print("dispatch-surface: on every dispatching type, each kind of action picked its overload")
