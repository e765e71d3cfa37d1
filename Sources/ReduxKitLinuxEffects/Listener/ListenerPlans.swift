/// For one store, what its listener middleware does with each action type,
/// worked out once per type and kept until the listeners change: whether the
/// type is a control action, and which listeners may match it.
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
    private var version: UInt64?
    private var byType: [ObjectIdentifier: ListenerTypePlan] = [:]

    /// The plan for `action`'s type.
    func plan(for action: any Action, in registry: ListenerRegistry<State>) -> ListenerTypePlan {
        if registry.version != version {
            byType = [:]
            version = nil
        }
        let key = ObjectIdentifier(type(of: action))
        if let known = byType[key] { return known }
        // Read with its version: a change after this read bumps the version,
        // so the next dispatch works its plan out again.
        let (current, listeners) = registry.versionedListeners
        let candidates = listeners.filter { listener in
            if case .type(let matches) = listener.match { return matches(action) }
            return true
        }
        let plan = ListenerTypePlan(
            isControl: action is AddListener<State> || action is RemoveListener || action is ClearAllListeners
                || action is CancelEffects,
            candidates: candidates.isEmpty ? nil : ListenerCandidates(candidates))
        if version == nil || version == current {
            version = current
            byType[key] = plan
        }
        return plan
    }
}

/// What a listener middleware does with one action type (see ``ListenerPlans``).
final class ListenerTypePlan {
    /// Whether the type is ``AddListener``, ``RemoveListener``, ``ClearAllListeners`` or ``CancelEffects``.
    let isControl: Bool
    /// The listeners that may match (a ``ListenerCandidates`` of the store's
    /// state), or `nil` if none may.
    let candidates: AnyObject?

    init(isControl: Bool, candidates: AnyObject?) {
        self.isControl = isControl
        self.candidates = candidates
    }
}

/// The listeners that may match an action type, in the order they were added.
final class ListenerCandidates<State: Sendable> {
    let listeners: [ListenerEntry<State>]

    init(_ listeners: [ListenerEntry<State>]) {
        self.listeners = listeners
    }
}
