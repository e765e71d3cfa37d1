/// An action a scoped store runs itself rather than passing to its parent: the
/// effects product's thunks and async thunks, which run with the scoped
/// store's own `dispatch` and `getState` (see the effects product's
/// `ScopedEffects.swift` for how it stays sound).
package protocol ScopedEffect: Action {
    /// Runs this effect in `scope` if it is an effect of the scope's state.
    ///
    /// - Returns: What the dispatch returns, or `nil` if the effect is of
    ///   another state (it is then dispatched on, as any other action).
    func run<Parent, Child>(in scope: ScopedStoreBackend<Parent, Child>) -> (any Action)?
}
