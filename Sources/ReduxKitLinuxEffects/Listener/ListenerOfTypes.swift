extension ListenerMiddleware {
    /// For this package's other products: a listener of the actions whose type
    /// `isOfType` accepts, and among those, of the ones `filter` accepts.
    ///
    /// `isOfType` must depend on the action's type alone: like a `for:`
    /// listener's type, it is asked once per action type, so an action of any
    /// other type costs the listener nothing (workload 15). `filter` is asked,
    /// inside the dispatch, for each action of a type it accepted.
    ///
    /// - Parameters:
    ///   - name: Names the listener in ``ListenerFailed`` actions.
    ///   - isOfType: Whether an action's type is one the listener is for.
    ///   - filter: Whether the listener runs for an action of such a type.
    ///   - policy: How runs are scheduled.
    ///   - cancellationID: Tags each run with a key of its action.
    ///   - effect: Gets the action and a context with the state before and after.
    /// - Returns: The listener's subscription.
    @discardableResult
    package func addListener(
        named name: String, ofType isOfType: @escaping @Sendable (any Action) -> Bool,
        where filter: @escaping @Sendable (any Action) -> Bool, policy: Policy = .all,
        cancellationID: (@Sendable (any Action) -> (any Hashable & Sendable)?)? = nil,
        effect: nonisolated(nonsending) @escaping @Sendable (any Action, ListenerContext<State>) async throws -> Void
    ) -> ListenerSubscription {
        var listener = AddListener<State>(
            named: name, matching: filter, policy: policy, cancellationID: cancellationID, effect: effect
        ).listener
        listener.match = .typeAndAction(type: isOfType, action: filter)
        return registry.add(listener)
    }
}
