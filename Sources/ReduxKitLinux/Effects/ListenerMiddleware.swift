/// Effects that run in response to actions (Redux Toolkit's listener
/// middleware): register an async effect for an action type or a predicate, and
/// it runs, in a task, after the reducer, with the action, the state before and
/// after, and a way to dispatch.
///
/// ```swift
/// let listeners = ListenerMiddleware<AppState>()
/// listeners.addListener(for: SearchChanged.self, policy: .latest) { action, context in
///     try await Task.sleep(for: .milliseconds(300))   // debounced: a newer search cancels this one
///     await context.dispatch(ResultsLoaded(try await search(action.text)))
/// }
/// let store = createStore(appReducer, nil, applyMiddleware(listeners.middleware()))
/// ```
///
/// Effects dispatch back into the store in its own domain: on the actor the
/// middleware was made on (`listeners.middleware()` in a `@MainActor` function),
/// or under the lock of the ``SharedStore`` the store is handed to; see
/// `thunkMiddleware()`.
///
/// With ``Policy/latest``, a new run of a listener cancels its run still going;
/// with ``Policy/all`` every run goes on. An effect that throws (other than by
/// being cancelled) never crashes the app: its error is dispatched as a
/// ``ListenerFailed`` action. When the store is freed its running effects are
/// cancelled and nothing more is dispatched. Adding and removing listeners is
/// safe from any thread, and works while the store runs.
public final class ListenerMiddleware<State: Sendable>: Sendable {
    /// What to do when a listener's action comes again while its effect runs.
    public enum Policy: Sendable {
        /// Run every effect to its end.
        case all
        /// Cancel the running effect and start the new one.
        case latest
    }

    struct Listener: Sendable {
        let id: UInt64
        let name: String
        let policy: Policy
        let matches: @Sendable (any Action) -> Bool
        let effect: @Sendable (any Action, ListenerContext<State>) async throws -> Void
    }

    private struct Registry {
        var listeners: [Listener] = []
        var nextID: UInt64 = 0
    }

    private let registry = Locked(Registry())
    /// What every effect reads from `context.dependencies`.
    let dependencies: Dependencies

    /// Creates a listener middleware with no listeners.
    ///
    /// - Parameter dependencies: What every effect reads from
    ///   `context.dependencies` (see ``Dependencies``).
    public init(dependencies: Dependencies = Dependencies()) {
        self.dependencies = dependencies
    }

    /// The middleware to install with `applyMiddleware`. It can be installed in
    /// several stores; each runs its own effects.
    ///
    /// - Parameter isolation: The actor the store lives on, where effects
    ///   dispatch back; leave it out (it is the caller's). Outside any actor,
    ///   the store must be handed to a ``SharedStore`` before an effect starts.
    /// - Returns: The middleware.
    public func middleware(isolation: isolated (any Actor)? = #isolation) -> Middleware<State> {
        let actor = isolation
        return { api in
            api.route?.settle(on: actor)
            let runs = ListenerRuns(store: api.weakStore, tracker: api.route?.tracker, dependencies: self.dependencies)
            return { next in
                { action in
                    let before = api.getState()
                    let result = next(action)
                    let matching = self.registry.withLock { $0.listeners }.filter { $0.matches(action) }
                    if !matching.isEmpty {
                        if let store = api.weakStore, !store.route.hasWayBack {
                            Misuse.fail(Misuse.asyncEffectWithoutWayBack)
                        }
                        runs.start(matching, action: action, before: before, after: api.getState())
                    }
                    return result
                }
            }
        }
    }

    /// Runs `effect` after every action of type `A`.
    ///
    /// - Parameters:
    ///   - type: The action type to listen for.
    ///   - policy: Whether a new run cancels a running one (`.latest`) or not (`.all`).
    ///   - effect: Gets the action and a context with the state before and after.
    /// - Returns: A handle that removes the listener (runs already going go on);
    ///   it may be used from any thread.
    @discardableResult
    public func addListener<A: Action>(
        for type: A.Type,
        policy: Policy = .all,
        effect: @escaping @Sendable (A, ListenerContext<State>) async throws -> Void
    ) -> any ReduxDisposable & Sendable {
        add(name: String(describing: type), policy: policy, matches: { $0 is A }) { action, context in
            guard let action = action as? A else { return }
            try await effect(action, context)
        }
    }

    /// Runs `effect` after every action `predicate` accepts.
    ///
    /// - Parameters:
    ///   - name: Names the listener in ``ListenerFailed`` actions.
    ///   - predicate: Chooses the actions; it runs inside the dispatch, so keep it quick.
    ///   - policy: Whether a new run cancels a running one (`.latest`) or not (`.all`).
    ///   - effect: Gets the action and a context with the state before and after.
    /// - Returns: A handle that removes the listener (runs already going go on);
    ///   it may be used from any thread.
    @discardableResult
    public func addListener(
        named name: String = "listener",
        matching predicate: @escaping @Sendable (any Action) -> Bool,
        policy: Policy = .all,
        effect: @escaping @Sendable (any Action, ListenerContext<State>) async throws -> Void
    ) -> any ReduxDisposable & Sendable {
        add(name: name, policy: policy, matches: predicate, effect: effect)
    }

    private func add(
        name: String, policy: Policy, matches: @escaping @Sendable (any Action) -> Bool,
        effect: @escaping @Sendable (any Action, ListenerContext<State>) async throws -> Void
    ) -> any ReduxDisposable & Sendable {
        let id = registry.withLock { registry in
            let id = registry.nextID
            registry.nextID += 1
            registry.listeners.append(Listener(id: id, name: name, policy: policy, matches: matches, effect: effect))
            return id
        }
        let removed = Locked(false)
        return SendableDisposable(
            isDisposed: { removed.withLock { $0 } },
            disposeAction: { [weak self] in
                removed.withLock { $0 = true }
                self?.registry.withLock { $0.listeners.removeAll { $0.id == id } }
            })
    }
}

/// What a listener's effect gets: the state before and after the action, and a
/// way to dispatch and read the state from its task (in the store's own
/// domain, so `async`).
public struct ListenerContext<State: Sendable>: Sendable {
    /// The state before the action was reduced.
    public let stateBefore: State
    /// The state when the dispatch of the action had finished.
    public let stateAfter: State
    /// What the listener middleware was given (see ``Dependencies``).
    public let dependencies: Dependencies
    let store: WeakStore<State>?

    /// Dispatches `action` through the store's whole middleware chain; does
    /// nothing once the store is gone.
    ///
    /// - Parameter action: The action to dispatch.
    /// - Returns: What the dispatch returned, or `nil` if the store is gone.
    @discardableResult
    public func dispatch(_ action: any Action) async -> (any Action)? {
        await store?.dispatch(action)
    }

    /// The store's current state.
    ///
    /// - Returns: The state, read now (not when the effect started).
    /// - Throws: `CancellationError` if the store is gone.
    public func getState() async throws -> State {
        guard let state = await store?.getState() else { throw CancellationError() }
        return state
    }
}

/// Dispatched when a listener's effect throws an error other than by being
/// cancelled.
public struct ListenerFailed: Action {
    /// The listener's name: its action type, or the name it was added with.
    public let listener: String
    /// The type of the action the effect ran for.
    public let actionType: String
    /// What the effect threw.
    public let error: any Error
}

/// The runs of one store's listeners: cancelled together when the store is freed.
private final class ListenerRuns<State: Sendable>: Sendable {
    private let store: WeakStore<State>?
    private let runner: EffectRunner
    /// For `.latest` listeners, the running effect's task, by listener id.
    private let latest = Locked<[UInt64: Task<Void, Never>]>([:])

    private let dependencies: Dependencies

    init(store: WeakStore<State>?, tracker: EffectTracker?, dependencies: Dependencies) {
        self.store = store
        self.dependencies = dependencies
        self.runner = EffectRunner(tracker: tracker)
    }

    func start(_ listeners: [ListenerMiddleware<State>.Listener], action: any Action, before: State, after: State) {
        let context = ListenerContext(
            stateBefore: before, stateAfter: after, dependencies: dependencies, store: store)
        let store = self.store
        for listener in listeners {
            let task = runner.run {
                do {
                    try await listener.effect(action, context)
                } catch is CancellationError {
                    // Cancelled by a newer run or by the store going: not a failure.
                } catch {
                    if !Task.isCancelled {
                        await store?.dispatch(
                            ListenerFailed(listener: listener.name, actionType: action.type, error: error))
                    }
                }
            }
            if listener.policy == .latest {
                latest.withLock { $0.updateValue(task, forKey: listener.id) }?.cancel()
            }
        }
    }
}
