import ReduxKitLinux

/// The rules the effects product enforces at run time, each with the exact
/// message the process stops with when the rule is broken (through the core's
/// `Misuse.fail(_:)`, so every message starts "ReduxKitLinux: ").
package enum EffectsMisuse {
    /// An async thunk was dispatched to a store without the thunk middleware.
    package static let asyncThunkWithoutMiddleware =
        "An AsyncThunk needs the thunk middleware: "
        + "createStore(reducer, state, applyMiddleware(thunkMiddleware()))."
    /// A clock's timer was asked for with an interval of zero or less.
    package static func clockTimerInterval(_ interval: Duration) -> String {
        "clock.timer(interval:) needs an interval above zero (it was given \(interval))."
    }
    /// An async thunk typed for another state reached a store's thunk middleware.
    package static func asyncThunkOfAnotherState(_ type: String) -> String {
        "The async thunk '\(type)' is typed for another state than this store's, so its body would never run. "
            + "Dispatch it to a store of its state, or to a scoped store of that state: "
            + "store.view(value: …, action: …).dispatch(…)."
    }
}
