/// For one store, what its listener middleware does with each action type,
/// worked out once per type and kept until the listeners change: whether the
/// type is a control action (read from the ``ActionTypeFacts`` every store
/// shares), and which of this middleware's listeners may match it.
///
/// A `for:` listener matches by type alone, so whether it matches is decided
/// with the first action of each type and never again; `matching:` and
/// `predicate:` listeners are kept as candidates and asked at every dispatch.
/// So a dispatch that no listener is for costs a version check and a lookup by
/// the action's type, however many `for:` listeners there are (workload 15 in
/// `Docs/Performance.md`). The lookup's values are not generic, so it needs no
/// generic type metadata on the dispatch path (the middleware's code is not
/// specialised for the app's state).
///
/// Used only in the store's domain, like the middleware chain that owns it.
final class ListenerPlans<State: Sendable> {
    private let registry: ListenerRegistry<State>
    private let plans: ActionTypeMemo<ListenerTypePlan>
    /// The listeners' version the plans were worked out at (or after).
    private var version: UInt64

    /// Plans for the listeners of `registry`.
    init(for registry: ListenerRegistry<State>) {
        self.registry = registry
        version = registry.version
        plans = ActionTypeMemo { [registry] action in
            let listeners = registry.listeners
            let candidates = listeners.filter { listener in
                switch listener.match {
                case .type(let matches), .typeAndAction(type: let matches, action: _): return matches(action)
                case .action, .state: return true
                }
            }
            return ListenerTypePlan(
                isControl: ActionTypeFactsTable.shared.facts(of: action, for: State.self).isListenerControl,
                candidates: candidates.isEmpty ? nil : ListenerCandidates(candidates))
        }
    }

    /// The plan for `action`'s type.
    func plan(for action: any Action) -> ListenerTypePlan {
        // The version is read before the listeners a new plan is made of, and
        // bumped after every change: a change after that read moves the
        // version on, so the next dispatch forgets the plan.
        let current = registry.version
        if current != version {
            plans.forgetAll()
            version = current
        }
        return plans.value(for: action)
    }
}

/// What a listener middleware does with one action type (see ``ListenerPlans``).
final class ListenerTypePlan {
    /// Whether the type is ``AddListener``, ``RemoveListener``, ``ClearAllListeners`` or ``CancelEffects``.
    let isControl: Bool
    /// The listeners that may match (a ``ListenerCandidates`` of the store's
    /// state), or `nil` if none may.
    let candidates: AnyObject?

    /// A plan: whether the type is a control action, and which listeners may match it.
    init(isControl: Bool, candidates: AnyObject?) {
        self.isControl = isControl
        self.candidates = candidates
    }
}

/// The listeners that may match an action type, in the order they were added.
final class ListenerCandidates<State: Sendable> {
    let listeners: [ListenerEntry<State>]

    /// The candidates, in the order they were added.
    init(_ listeners: [ListenerEntry<State>]) {
        self.listeners = listeners
    }
}
