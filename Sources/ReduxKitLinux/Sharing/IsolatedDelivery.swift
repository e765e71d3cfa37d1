extension SharedStore {
    /// Adds a subscriber isolated to an actor, called on that actor, never on
    /// the dispatching thread: the way a `@MainActor` view model follows a
    /// store that background work dispatches to.
    ///
    /// ```swift
    /// @MainActor final class CounterViewModel {
    ///     var count = 0
    ///     private var subscription: (any ReduxDisposable & Sendable)?
    ///
    ///     init(store: SharedStore<AppState>) {
    ///         subscription = store.subscribe(
    ///             isolated: { @MainActor [weak self] state in self?.count = state.count },
    ///             includingCurrentState: true)
    ///     }
    /// }
    /// ```
    ///
    /// Deliveries are coalesced, newest first: the subscriber never receives
    /// an older state than one it has, nor the same state twice, and the last
    /// state always arrives; while it is behind, only the newest state waits
    /// for it (memory stays flat however fast others dispatch). A nested
    /// dispatch from the subscriber goes through the lock like any other.
    /// Write the closure in the parentheses, after `isolated:`. As a trailing
    /// closure (`store.subscribe { @MainActor [weak self] state in
    /// self?.count = state.count }`) it goes to the plain ``subscribe(_:)``,
    /// and the compiler refuses it: `converting function value of type
    /// '@MainActor @Sendable (AppState) -> Void' to '@Sendable (AppState) ->
    /// Void' loses global actor 'MainActor'`.
    ///
    /// - Parameters:
    ///   - subscriber: Called with new states on its own actor (on the
    ///     global executor if it has none).
    ///   - includingCurrentState: Whether the current state is delivered first.
    /// - Returns: A handle that may be disposed from any thread. After `dispose()`
    ///   returns on the subscriber's actor, the subscriber is never called again
    ///   (from another thread, a call already on its way may still arrive).
    @discardableResult
    public func subscribe(
        isolated subscriber: @escaping @isolated(any) @Sendable (State) -> Void,
        includingCurrentState: Bool = false
    ) -> any ReduxDisposable & Sendable {
        let mailbox = IsolatedMailbox(subscriber)
        return withStore { store in
            let inner = store.subscribe(includingCurrentState: includingCurrentState) { mailbox.post($0) }
            return SharedSubscription(inner, lock: lock, close: { mailbox.close() })
        }
    }

    /// Subscribes an actor-isolated subscriber to a selected part of the state:
    /// called on its actor, only when the selection changes (by `==`); see
    /// ``subscribe(isolated:includingCurrentState:)``.
    ///
    /// - Parameters:
    ///   - select: Picks the part of the state to watch; runs on the
    ///     dispatching thread, under the lock.
    ///   - subscriber: Called with new selections on its own actor.
    ///   - includingCurrentState: Whether the current selection is delivered first.
    /// - Returns: A handle that may be disposed from any thread.
    @discardableResult
    public func subscribe<Selected: Equatable & Sendable>(
        select: @escaping @Sendable (State) -> Selected,
        isolated subscriber: @escaping @isolated(any) @Sendable (Selected) -> Void,
        includingCurrentState: Bool = false
    ) -> any ReduxDisposable & Sendable {
        let mailbox = IsolatedMailbox(subscriber)
        return withStore { store in
            if includingCurrentState { mailbox.post(select(store.getState())) }
            let inner = store.subscribe(select: select) { mailbox.post($0) }
            return SharedSubscription(inner, lock: lock, close: { mailbox.close() })
        }
    }
}

/// Delivers values to an actor-isolated subscriber, newest first: at most one
/// value waits, and one task at a time carries values to the subscriber.
final class IsolatedMailbox<Value: Sendable>: Sendable {
    private struct Box {
        /// The newest value not yet delivered.
        var pending: Value?
        /// Whether a task is delivering (it takes `pending` until none is left).
        var delivering = false
        /// Whether the subscription was disposed.
        var closed = false
    }

    private let subscriber: @isolated(any) @Sendable (Value) -> Void
    private let box = Locked(Box())

    init(_ subscriber: @escaping @isolated(any) @Sendable (Value) -> Void) {
        self.subscriber = subscriber
    }

    /// Leaves `value` for the subscriber, replacing one still waiting, and
    /// starts a delivering task if none is running.
    func post(_ value: Value) {
        let start = box.withLock { box -> Bool in
            guard !box.closed else { return false }
            box.pending = value
            guard !box.delivering else { return false }
            box.delivering = true
            return true
        }
        if start { Task { await self.deliverAll() } }
    }

    /// Stops deliveries; a value still waiting is dropped.
    func close() {
        box.withLock { box in
            box.closed = true
            box.pending = nil
        }
    }

    private func deliverAll() async {
        while let value = takePending() {
            await deliver(value, on: subscriber.isolation)
        }
    }

    private func takePending() -> Value? {
        box.withLock { box in
            guard !box.closed, let value = box.pending else {
                box.delivering = false
                return nil
            }
            box.pending = nil
            return value
        }
    }

    /// Calls the subscriber, on its actor, unless the subscription was disposed:
    /// the check and the call run on that actor with no suspension between, so a
    /// `dispose()` made there cannot fall in between.
    private func deliver(_ value: Value, on actor: isolated (any Actor)?) async {
        guard !box.withLock({ $0.closed }) else { return }
        await subscriber(value)
    }
}
