/// The rules the library enforces at run time, each with the exact message the
/// process stops with when the rule is broken.
///
/// Breaking one of these rules is a programming error, as in Redux; the library
/// stops the process at once rather than deadlock or corrupt a store's state.
/// These are the core's rules; each product keeps its own in one place of its
/// own (`EffectsMisuse`, `DevtoolsMisuse`), and stops the process through
/// ``fail(_:)`` so every message starts the same way.
@usableFromInline package enum Misuse {
    /// A reducer called `dispatch` on its own store.
    @usableFromInline static let dispatchFromReducer = "Reducers may not dispatch actions."
    /// A reducer called `getState()` or `state` on its own store.
    @usableFromInline static let getStateFromReducer =
        "You may not call store.getState() while the reducer is executing. "
        + "The reducer has already received the state as an argument."
    /// A reducer called `subscribe` on its own store.
    @usableFromInline static let subscribeFromReducer =
        "You may not call store.subscribe(_:) while the reducer is executing."
    /// A reducer disposed a subscription to its own store.
    @usableFromInline static let unsubscribeFromReducer =
        "You may not dispose a store subscription while the reducer is executing."
    /// A reducer called `replaceReducer` on its own store.
    static let replaceReducerFromReducer =
        "You may not call store.replaceReducer(_:) while the reducer is executing."
    /// How many dispatches may run one inside another (from subscribers or
    /// middleware) before the store calls it a runaway loop.
    @usableFromInline static let nestedDispatchLimit = 1_000
    /// Dispatches nested more than `nestedDispatchLimit` deep.
    @usableFromInline static let runawayNestedDispatch =
        "More than 1,000 dispatches are nested one inside another: a subscriber or middleware "
        + "dispatches (or replaces the reducer) every time it is called. Dispatch only when the state "
        + "calls for it, or from an effect."
    /// A middleware dispatched while `applyMiddleware` was still building the chain.
    static let dispatchWhileConstructingMiddleware =
        "Dispatching while constructing your middleware is not allowed. "
        + "Other middleware would not be applied to this dispatch."

    /// `combineReducers` was given no optional-state reducer.
    static let combineNoReducers =
        "combineReducers needs at least one reducer: with none, nothing supplies the initial state."
    /// `replaceReducer` was called on a scoped store.
    static let replaceReducerOnScopedStore =
        "A scoped store has no reducer of its own; replace the reducer of the store it was scoped from."

    /// Something subscribed to, or replaced the reducer of, the store behind a
    /// hand-made MiddlewareApi (unreachable through the public API).
    package static let handMadeApiHasNoStore =
        "A MiddlewareApi made by hand has no reducer or subscribers of its own: only dispatch and getState."

    /// An async effect was started through a `MiddlewareApi` made by hand in
    /// code isolated to no actor: a store has a way back wherever it lives (its
    /// actor, its `SharedStore`, or the task that owns it), but such an api
    /// has no store whose owner could apply what its effects dispatch.
    package static let noWayBackIntoStore =
        "This MiddlewareApi was made by hand in code isolated to no actor, so async effects started through it "
        + "have no way back: make it where its dispatch and getState belong (an actor's method, a @MainActor "
        + "function), or apply the middleware to a store with applyMiddleware."

    /// Two elements of an identified collection have the same id.
    @usableFromInline static func duplicateID(_ id: String) -> String {
        "An IdentifiedArray holds one element per id, but two have the id \(id). Make ids unique, or build "
            + "it with IdentifiedArray(_:uniquingIDsWith:) to choose which to keep."
    }

    /// An element was set under an id it does not have.
    @usableFromInline static func elementIDChanged(_ id: String) -> String {
        "An element set through IdentifiedArray's subscript(id: \(id)) must have that id; "
            + "to change an element's id, change it in place (modify(id:_:)) or remove it and add the new one."
    }

    /// An entity's reducer, run by `forEach` over an `EntityState`, changed the entity's id.
    @usableFromInline static func entityIDChangedByReducer(_ id: String) -> String {
        "The reducer forEach ran on the entity \(id) of an EntityState changed its id; change an entity's id "
            + "with its EntityAdapter's updateOne, which moves it."
    }

    /// Stops the process with `message`, prefixed with the library's name.
    @usableFromInline package static func fail(_ message: String) -> Never {
        fatalError("ReduxKitLinux: \(message)")
    }
}
