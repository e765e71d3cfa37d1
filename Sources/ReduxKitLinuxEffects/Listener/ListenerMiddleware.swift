/// Effects that run in response to actions (Redux Toolkit's listener
/// middleware): register an async effect for an action type, a matcher or a
/// predicate of the action and states, and it runs, in a task of its own,
/// after the reducer, with the action, the state before and after, and a
/// ``ListenerContext`` to dispatch, wait for actions or states, fork child
/// tasks and control its own run.
///
/// ```swift
/// let listeners = ListenerMiddleware<AppState>(dependencies: dependencies)
/// listeners.addListener(for: SearchChanged.self, policy: .debounce(.milliseconds(300))) { action, context in
///     let handle = await context.dispatch(search(action.text))  // cancelled with this run
///     _ = await handle?.result
/// }
/// let store = createStore(appReducer, nil, applyMiddleware(thunkMiddleware(dependencies: dependencies),
///                                                           listeners.middleware()))
/// ```
///
/// An effect starts at once, inside the dispatch, after the reducer (as in
/// Redux Toolkit): it runs up to its first real suspension before `dispatch`
/// returns, so one that waits with `take` sees the very next action. Effects
/// dispatch back into the store in its own domain: on the actor the store
/// lives on (learned where it is dispatched to), or under the lock of the
/// `SharedStore` the store is handed to; see `thunkMiddleware()`.
///
/// A ``Policy`` says what a listener does with actions that come while its
/// effect runs: run them all, cancel the older run, ignore the newer action,
/// debounce or throttle on `dependencies.clock`, for every action or per key
/// of the action (`cancellationID:`, which ``CancelEffects`` also cancels
/// by). A run that is cancelled cancels what it started: async thunks it
/// dispatched and its forks, and what it dispatches from then on is dropped
/// (unless its listener says ``CancelledDispatches/deliver``). An
/// effect that throws (other than by being cancelled) never crashes the app:
/// its error is dispatched as a ``ListenerFailed`` action (and handed to
/// `onError`). When the store is freed its running effects are cancelled and
/// nothing more is dispatched. Adding and removing listeners is safe from any
/// thread, and works while the store runs; ``AddListener``, ``RemoveListener``
/// and ``ClearAllListeners`` actions do it through the store.
public final class ListenerMiddleware<State: Sendable>: Sendable {
    let registry = ListenerRegistry<State>()
    /// What every effect reads from `context.dependencies`.
    let dependencies: EffectDependencies
    private let onError: (@Sendable (ListenerFailed) -> Void)?

    /// Creates a listener middleware with no listeners (RTK's
    /// `createListenerMiddleware`).
    ///
    /// - Parameters:
    ///   - dependencies: What every effect reads from `context.dependencies`
    ///     (RTK's `extra`; see ``EffectDependencies``); its clock times the policies,
    ///     `delay` and timeouts.
    ///   - onError: Called, in the effect's task, with every error an effect
    ///     throws other than by being cancelled, before the ``ListenerFailed``
    ///     action is dispatched (RTK's `onError`).
    public init(
        dependencies: EffectDependencies = EffectDependencies(), onError: (@Sendable (ListenerFailed) -> Void)? = nil
    ) {
        self.dependencies = dependencies
        self.onError = onError
    }

    /// The middleware to install with `applyMiddleware`. It can be installed in
    /// several stores; each runs and schedules its own effects.
    ///
    /// It belongs to no actor, so it can be made anywhere (an actor's stored
    /// property or `init`, a test); effects come back on the actor the store
    /// lives on, learned where it is dispatched to (see
    /// ``/ReduxKitLinux/DispatchingStore/dispatch(_:isolation:)-(A,_)``), or under the lock of
    /// the `SharedStore` it is handed to.
    ///
    /// - Returns: The middleware.
    public func middleware() -> Middleware<State> {
        { api in
            let runner = EffectRunner(tracker: api.route.effectTracker)
            let hub = ListenerHub(
                store: api.weakStore, runner: runner, registry: self.registry, dependencies: self.dependencies,
                onError: self.onError)
            self.registry.attach(hub)
            // An effect of a store a task owns adds a listener while the owner
            // is away (see the core's `StoreInbox`): it waits for the subscription.
            api.route.answerAwayFromOwner { [weak registry = self.registry] action in
                guard let add = action as? AddListener<State>, let registry else { return nil }
                return ListenerAdded(subscription: registry.add(add.listener))
            }
            let plans = ListenerPlans(for: self.registry)
            return { next in
                { action in
                    let plan = plans.plan(for: action)
                    if plan.isControl, let control = self.control(action, in: hub) { return control }
                    // Decided before the reducer: an action no listener or waiter
                    // can want goes on without reading the state at all.
                    let hasWaiters = hub.hasWaiters
                    guard plan.candidates != nil || hasWaiters else { return next(action) }
                    let listeners =
                        plan.candidates.map { unsafeDowncast($0, to: ListenerCandidates<State>.self).listeners } ?? []
                    let before = api.getState()
                    let result = next(action)
                    // Read once, and only if a predicate or a waiter needs it.
                    var after: State?
                    func stateAfter() -> State {
                        if let after { return after }
                        let state = api.getState()
                        after = state
                        return state
                    }
                    if hasWaiters { hub.notifyWaiters(action, after: stateAfter(), before: before) }
                    var checked = false
                    for listener in listeners {
                        switch listener.match {
                        case .type: break  // the plan kept it: its type matches
                        case .action(let matches), .typeAndAction(type: _, action: let matches):
                            guard matches(action) else { continue }
                        case .state(let matches): guard matches(action, stateAfter(), before) else { continue }
                        }
                        if !checked, !hub.store.route.ensureWayBack() {
                            Misuse.fail(Misuse.noWayBackIntoStore)
                        }
                        checked = true
                        let after = stateAfter()
                        hub.store.route.withOwnersThread {
                            hub.start(listener, action: action, before: before, after: after)
                        }
                    }
                    _ = runner  // the chain owns the runner: freeing the store cancels its effects
                    return result
                }
            }
        }
    }

    /// Handles ``AddListener``, ``RemoveListener`` and ``ClearAllListeners``,
    /// and cancels the runs in `hub`'s store a ``CancelEffects`` names (which
    /// then goes on).
    ///
    /// - Returns: What the dispatch returns, or `nil` for an action that goes on.
    private func control(_ action: any Action, in hub: ListenerHub<State>) -> (any Action)? {
        if let cancel = action as? CancelEffects {
            hub.cancelRuns(keyed: cancel.key)
            return nil
        }
        if let add = action as? AddListener<State> { return ListenerAdded(subscription: registry.add(add.listener)) }
        if let remove = action as? RemoveListener, remove.subscription.belongs(to: registry) {
            remove.subscription.unsubscribe(cancelActive: remove.cancelActive)
            return action
        }
        if let clear = action as? ClearAllListeners {
            registry.clear(cancelActive: clear.cancelActive)
            return action
        }
        return nil
    }

    /// Runs `effect` after every action of type `A` (RTK's `actionCreator`).
    ///
    /// - Parameters:
    ///   - type: The action type to listen for.
    ///   - policy: How runs are scheduled (see ``Policy``).
    ///   - cancellationID: Tags each run with a key of its action (TCA's
    ///     `.cancellable(id:)`): the policy then applies per key, so `.latest`
    ///     cancels only the run going on for the same key, and a
    ///     ``CancelEffects`` action with the key cancels its runs. A run whose
    ///     action gives `nil` is untagged, scheduled with the other untagged ones.
    ///   - cancelledDispatches: What happens to what a run dispatches once it
    ///     is cancelled: dropped (the default, as in TCA) or delivered (as in
    ///     Redux Toolkit).
    ///   - effect: Gets the action and a context with the state before and after.
    /// - Returns: The listener's ``ListenerSubscription``: disposing of it
    ///   removes the listener (runs already going go on); it may be used from
    ///   any thread.
    @discardableResult
    public func addListener<A: Action>(
        for type: A.Type,
        policy: Policy = .all,
        cancellationID: (@Sendable (A) -> (any Hashable & Sendable)?)? = nil,
        cancelledDispatches: CancelledDispatches = .drop,
        effect: nonisolated(nonsending) @escaping @Sendable (A, ListenerContext<State>) async throws -> Void
    ) -> ListenerSubscription {
        registry.add(
            AddListener(
                for: type, policy: policy, cancellationID: cancellationID, cancelledDispatches: cancelledDispatches,
                effect: effect
            ).listener)
    }

    /// Runs `effect` after every action `predicate` accepts (RTK's `matcher`).
    ///
    /// - Parameters:
    ///   - name: Names the listener in ``ListenerFailed`` actions.
    ///   - predicate: Chooses the actions; it runs inside the dispatch, so keep it quick.
    ///   - policy: How runs are scheduled (see ``Policy``).
    ///   - cancellationID: Tags each run with a key of its action, as in
    ///     ``addListener(for:policy:cancellationID:cancelledDispatches:effect:)``.
    ///   - cancelledDispatches: What happens to what a run dispatches once it
    ///     is cancelled (dropped by default).
    ///   - effect: Gets the action and a context with the state before and after.
    /// - Returns: The listener's ``ListenerSubscription``: disposing of it
    ///   removes the listener (runs already going go on); it may be used from
    ///   any thread.
    @discardableResult
    public func addListener(
        named name: String = "listener",
        matching predicate: @escaping @Sendable (any Action) -> Bool,
        policy: Policy = .all,
        cancellationID: (@Sendable (any Action) -> (any Hashable & Sendable)?)? = nil,
        cancelledDispatches: CancelledDispatches = .drop,
        effect: nonisolated(nonsending) @escaping @Sendable (any Action, ListenerContext<State>) async throws -> Void
    ) -> ListenerSubscription {
        registry.add(
            AddListener(
                named: name, matching: predicate, policy: policy, cancellationID: cancellationID,
                cancelledDispatches: cancelledDispatches, effect: effect
            ).listener)
    }

    /// Runs `effect` after every action `predicate` accepts, given the state
    /// after the action and the state before it (RTK's `predicate`).
    ///
    /// - Parameters:
    ///   - name: Names the listener in ``ListenerFailed`` actions.
    ///   - predicate: Gets the action, the state after it and the state before
    ///     it; it runs inside the dispatch, so keep it quick.
    ///   - policy: How runs are scheduled (see ``Policy``).
    ///   - cancellationID: Tags each run with a key of its action, as in
    ///     ``addListener(for:policy:cancellationID:cancelledDispatches:effect:)``.
    ///   - cancelledDispatches: What happens to what a run dispatches once it
    ///     is cancelled (dropped by default).
    ///   - effect: Gets the action and a context with the state before and after.
    /// - Returns: The listener's ``ListenerSubscription``: disposing of it
    ///   removes the listener (runs already going go on); it may be used from
    ///   any thread.
    @discardableResult
    public func addListener(
        named name: String = "listener",
        predicate: @escaping @Sendable (_ action: any Action, _ currentState: State, _ originalState: State) -> Bool,
        policy: Policy = .all,
        cancellationID: (@Sendable (any Action) -> (any Hashable & Sendable)?)? = nil,
        cancelledDispatches: CancelledDispatches = .drop,
        effect: nonisolated(nonsending) @escaping @Sendable (any Action, ListenerContext<State>) async throws -> Void
    ) -> ListenerSubscription {
        registry.add(
            AddListener(
                named: name, predicate: predicate, policy: policy, cancellationID: cancellationID,
                cancelledDispatches: cancelledDispatches, effect: effect
            ).listener)
    }

    /// How many effects wait in `take` or `condition`, in every store (for tests).
    var waiterCount: Int { registry.waiterCount }

    /// Returns once at least `count` effects wait in `take` or `condition`
    /// (for tests: an event, not a poll).
    func waitForWaiters(_ count: Int = 1) async {
        await registry.waitForWaiters(count)
    }

    /// Removes every listener (RTK's `clearListeners()`).
    ///
    /// - Parameter cancelActive: Also cancel every run going on, and its
    ///   forks, in every store, including runs of listeners already removed
    ///   (an effect that unsubscribed its own listener), as RTK always does.
    public func clearListeners(cancelActive: Bool = true) {
        registry.clear(cancelActive: cancelActive)
    }
}
