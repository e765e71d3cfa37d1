/// A reducer: a pure function from the previous state and an action to the next
/// state.
///
/// The state is optional so that each reducer owns its default: it receives `nil`
/// the first time (with ``DefaultAction``) and answers with its initial state.
/// Reducers recognise actions by casting them, and return the state unchanged
/// for actions they do not handle.
///
/// ```swift
/// func counterReducer(_ state: Int?, action: any Action) -> Int {
///     let state = state ?? 0
///     switch action {
///     case let action as IncrementAction: return state + action.payload
///     default: return state
///     }
/// }
/// ```
///
/// A store calls its reducer in its own domain, one action at a time, so a
/// reducer need not be `Sendable`; it may not dispatch, subscribe or read the
/// store it belongs to.
///
/// The reducer owns the state it is given (the parameter is `consuming`): the
/// store moves its state into the call and takes the result back, so a
/// reducer written as `var state = state ?? default; …; return state` changes
/// the state's arrays and dictionaries in place, copying nothing, as long as
/// it does not keep the old state elsewhere. A function or closure declared
/// with a plain `State?` parameter (`func reducer(_ state: State?, …)`, a
/// closure literal with its parameter types written out) still converts to
/// this type, but only borrows the state, so its first change copies it;
/// declare the parameter `consuming State?`, or let a closure literal's types
/// be inferred, to stay in place. See <doc:ActionsAndReducers>.
public typealias Reducer<State> = (consuming State?, any Action) -> State

/// A reducer that changes the state in place: `(inout State, any Action) -> Void`.
///
/// The store passes its own state, so appending to a large array in the state
/// costs what appending to a plain array costs: nothing is copied. Use one with
/// `createStore(_:_:_:)` (which then takes the initial state, since an in-place
/// reducer has no default to fill in) and with the composition helpers
/// `combineReducers` and `pullback`.
///
/// ```swift
/// func todosReducer(_ todos: inout [String], _ action: any Action) {
///     if let add = action as? AddTodo { todos.append(add.title) }
/// }
/// ```
///
/// The same rules apply as for ``Reducer``: it runs in the store's domain
/// and may not use its own store.
public typealias InPlaceReducer<State> = (inout State, any Action) -> Void

/// Turns an optional-state reducer into an in-place one: the state is moved
/// into `reducer` and replaced with its result (see ``reduce(_:with:_:)``).
@inlinable
func inPlace<State>(_ reducer: @escaping Reducer<State>) -> InPlaceReducer<State> {
    { state, action in reduce(&state, with: reducer, action) }
}

/// Moves `state` into `reducer` and puts the result in its place, so the
/// reducer holds the only reference to the state's buffers and changes them
/// in place.
///
/// Why this is sound: between the move and the initialisation the memory
/// holds no value, and nothing can read it. The reducer runs in its store's
/// domain with the store marked as reducing, so any use of the store from
/// inside it stops the process before it reads the state (`Misuse`), and a
/// reducer does not throw; a trap inside it ends the process.
///
/// A large state (see ``largeStateSize``) takes a way that keeps fewer
/// copies of it on the stack: ``reduceLarge(_:with:_:)``.
@inlinable
func reduce<State>(_ state: inout State, with reducer: Reducer<State>, _ action: any Action) {
    withUnsafeMutablePointer(to: &state) { storage in
        // A constant once specialised: a small state's dispatch pays nothing.
        if MemoryLayout<State>.size > largeStateSize { return reduceLarge(storage, with: reducer, action) }
        storage.initialize(to: reducer(storage.move(), action))
    }
}

/// The size past which a state is large: its copies on the stack matter
/// (a frame larger than the 4 KiB guard page below a thread's stack can jump
/// it), more than an allocation a dispatch costs.
@inlinable var largeStateSize: Int { 4096 }

/// Moves the state at `storage` into `reducer` and puts the result back,
/// with two copies of the state on the stack while the reducer runs (its
/// argument and its result, which Swift passes through the caller's frame)
/// instead of the three of the one-frame way, which also wraps the state in
/// an optional there. The optional is made in a heap cell, by a frame that
/// returns before the reducer runs. Sound for the reasons
/// ``reduce(_:with:_:)-(State,_,_)`` gives.
@inlinable
@inline(never)
func reduceLarge<State>(_ storage: UnsafeMutablePointer<State>, with reducer: Reducer<State>, _ action: any Action) {
    let argument = UnsafeMutablePointer<State?>.allocate(capacity: 1)
    defer { argument.deallocate() }
    moveIntoOptional(from: storage, to: argument)
    runReducer(reducer, on: argument, into: storage, action)
}

/// Moves the value at `source` into the optional at `target` (uninitialised).
///
/// Generic and never specialised, on purpose: there the optional's payload
/// is initialised from `source` directly, one copy from heap to heap, where
/// code specialised for a loadable state copies it through the stack.
@usableFromInline
@_semantics("optimize.sil.specialize.generic.never")
@inline(never)
func moveIntoOptional<State>(from source: UnsafeMutablePointer<State>, to target: UnsafeMutablePointer<State?>) {
    target.initialize(to: source.move())
}

/// Moves the optional at `argument` into `reducer` and initialises `result` with what it returns.
@inlinable
@inline(never)
func runReducer<State>(
    _ reducer: Reducer<State>, on argument: UnsafeMutablePointer<State?>, into result: UnsafeMutablePointer<State>,
    _ action: any Action
) {
    result.initialize(to: reducer(argument.move(), action))
}

/// The same for an optional field (``pullback(_:state:)-(_,WritableKeyPath<Parent,Child?>)``):
/// the field is moved into `reducer`, `nil` until it is first set.
@inlinable
func reduce<State>(_ state: inout State?, with reducer: Reducer<State>, _ action: any Action) {
    withUnsafeMutablePointer(to: &state) { storage in
        storage.initialize(to: reducer(storage.move(), action))
    }
}
