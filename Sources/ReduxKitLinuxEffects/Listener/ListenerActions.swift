/// Adds a listener when dispatched to a store with a ``ListenerMiddleware`` of
/// this state (RTK's `addListener` action): the middleware registers it, the
/// action goes no further, and the dispatch returns the listener's
/// ``ListenerSubscription``.
///
/// ```swift
/// let subscription = store.dispatch(AddListener<AppState>(for: Search.self) { search, context in
///     await context.dispatch(Results(for: search.text))
/// })
/// ```
///
/// `dispatch(_:)` with an `AddListener` (on a store, a shared store, an
/// observable store or an effect's context) returns the subscription, or
/// `nil` if no listener middleware of `State` took it: then it reached the
/// reducers, which ignore it. Seen as `any Action`, the untyped dispatch
/// returns an action standing for the added listener, not the subscription.
public struct AddListener<State: Sendable>: Action {
    let listener: ListenerEntry<State>

    /// A listener for every action of type `A`.
    ///
    /// - Parameters:
    ///   - type: The action type to listen for.
    ///   - policy: How runs are scheduled (see ``ListenerMiddleware/Policy``).
    ///   - cancellationID: Tags each run with a key of its action: the policy
    ///     applies per key, and ``CancelEffects`` cancels by key (see
    ///     ``ListenerMiddleware/addListener(for:policy:cancellationID:cancelledDispatches:effect:)``).
    ///   - cancelledDispatches: What happens to what a run dispatches once it
    ///     is cancelled (dropped by default).
    ///   - effect: Gets the action and a context with the state before and after.
    public init<A: Action>(
        for type: A.Type, policy: ListenerMiddleware<State>.Policy = .all,
        cancellationID: (@Sendable (A) -> (any Hashable & Sendable)?)? = nil,
        cancelledDispatches: CancelledDispatches = .drop,
        effect: nonisolated(nonsending) @escaping @Sendable (A, ListenerContext<State>) async throws -> Void
    ) {
        listener = ListenerEntry(
            name: String(describing: type), policy: policy, match: .type { $0 is A },
            effect: { action, context in
                guard let action = action as? A else { return }
                try await effect(action, context)
            },
            cancellationID: cancellationID.map(Self.untyped),
            cancelledDispatches: cancelledDispatches)
    }

    /// `cancellationID` for any action: `nil` for one that is not an `A`.
    private static func untyped<A: Action>(_ cancellationID: @escaping @Sendable (A) -> (any Hashable & Sendable)?)
        -> @Sendable (any Action) -> (any Hashable & Sendable)?
    {
        { action in
            guard let action = action as? A else { return nil }
            return cancellationID(action)
        }
    }

    /// A listener for every action `predicate` accepts.
    ///
    /// - Parameters:
    ///   - name: Names the listener in ``ListenerFailed`` actions.
    ///   - predicate: Chooses the actions; it runs inside the dispatch, so keep it quick.
    ///   - policy: How runs are scheduled (see ``ListenerMiddleware/Policy``).
    ///   - cancellationID: Tags each run with a key of its action: the policy
    ///     applies per key, and ``CancelEffects`` cancels by key (see
    ///     ``ListenerMiddleware/addListener(for:policy:cancellationID:cancelledDispatches:effect:)``).
    ///   - cancelledDispatches: What happens to what a run dispatches once it
    ///     is cancelled (dropped by default).
    ///   - effect: Gets the action and a context with the state before and after.
    public init(
        named name: String = "listener", matching predicate: @escaping @Sendable (any Action) -> Bool,
        policy: ListenerMiddleware<State>.Policy = .all,
        cancellationID: (@Sendable (any Action) -> (any Hashable & Sendable)?)? = nil,
        cancelledDispatches: CancelledDispatches = .drop,
        effect: nonisolated(nonsending) @escaping @Sendable (any Action, ListenerContext<State>) async throws -> Void
    ) {
        listener = ListenerEntry(
            name: name, policy: policy, match: .action(predicate), effect: effect, cancellationID: cancellationID,
            cancelledDispatches: cancelledDispatches)
    }

    /// A listener for every action `predicate` accepts, given the state after
    /// the action and the state before it (RTK's `predicate`).
    ///
    /// - Parameters:
    ///   - name: Names the listener in ``ListenerFailed`` actions.
    ///   - predicate: Gets the action, the state after it and the state before
    ///     it; it runs inside the dispatch, so keep it quick.
    ///   - policy: How runs are scheduled (see ``ListenerMiddleware/Policy``).
    ///   - cancellationID: Tags each run with a key of its action: the policy
    ///     applies per key, and ``CancelEffects`` cancels by key (see
    ///     ``ListenerMiddleware/addListener(for:policy:cancellationID:cancelledDispatches:effect:)``).
    ///   - cancelledDispatches: What happens to what a run dispatches once it
    ///     is cancelled (dropped by default).
    ///   - effect: Gets the action and a context with the state before and after.
    public init(
        named name: String = "listener",
        predicate: @escaping @Sendable (_ action: any Action, _ currentState: State, _ originalState: State) -> Bool,
        policy: ListenerMiddleware<State>.Policy = .all,
        cancellationID: (@Sendable (any Action) -> (any Hashable & Sendable)?)? = nil,
        cancelledDispatches: CancelledDispatches = .drop,
        effect: nonisolated(nonsending) @escaping @Sendable (any Action, ListenerContext<State>) async throws -> Void
    ) {
        listener = ListenerEntry(
            name: name, policy: policy, match: .state(predicate), effect: effect, cancellationID: cancellationID,
            cancelledDispatches: cancelledDispatches)
    }
}

/// Removes a listener when dispatched to a store with its ``ListenerMiddleware``
/// (RTK's `removeListener` action); the action goes no further. Another
/// middleware's listener is passed on.
public struct RemoveListener: Action {
    /// The listener's registration.
    public let subscription: ListenerSubscription
    /// Whether its runs going on are cancelled too.
    public let cancelActive: Bool

    /// Names the listener to remove.
    ///
    /// - Parameters:
    ///   - subscription: What adding the listener returned.
    ///   - cancelActive: Also cancel its runs going on, in every store.
    public init(_ subscription: ListenerSubscription, cancelActive: Bool = false) {
        self.subscription = subscription
        self.cancelActive = cancelActive
    }
}

/// Removes every listener of the first ``ListenerMiddleware`` of the store's
/// state it reaches (RTK's `clearAllListeners` action); the action goes no
/// further.
public struct ClearAllListeners: Action {
    /// Whether the listeners' runs going on are cancelled too (RTK always does).
    public let cancelActive: Bool

    /// Makes the action.
    ///
    /// - Parameter cancelActive: Also cancel every run going on, and its
    ///   forks, in every store, including runs of listeners already removed.
    public init(cancelActive: Bool = true) {
        self.cancelActive = cancelActive
    }
}
