/// An action a scoped store hands to the action itself instead of embedding it
/// and passing it to its parent: the action runs in the scoped store's terms
/// (its `dispatch`, its derived state) and says what the dispatch returns.
///
/// The core has no such action of its own; it is the seam through which a
/// product makes its actions work in scoped stores (the effects product's
/// thunks and async thunks: see its `Scoped/` folder for how that stays sound).
package protocol ScopeHandledAction: Action {
    /// Runs this action in `scope`, if it is one of the scope's state.
    ///
    /// - Returns: What the dispatch returns, or `nil` if the action is of
    ///   another state (it is then embedded and dispatched on, as any other).
    func run<Parent, Child>(in scope: ScopedStoreBackend<Parent, Child>) -> (any Action)?
}
