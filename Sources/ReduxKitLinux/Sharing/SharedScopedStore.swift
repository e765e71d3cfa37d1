extension SharedStore {
    /// A shared store for part of this one; see the `view(value:action:)` of ``Store``.
    ///
    /// It shares this store's lock; its closures run under it.
    ///
    /// - Parameters:
    ///   - value: Derives the child's state from this store's.
    ///   - action: Embeds a child action in one of this store's actions.
    /// - Returns: The scoped shared store.
    public func view<Child: Equatable & Sendable, ChildAction: Action>(
        value: @escaping @Sendable (State) -> Child,
        action: @escaping @Sendable (ChildAction) -> any Action
    ) -> SharedStore<Child> {
        withStore { SharedStore<Child>(scoped: $0.view(value: value, action: action), lock: lock) }
    }

    /// A shared store for part of this one, whose state is not `Equatable`:
    /// its subscribers are called after every dispatch.
    ///
    /// - Parameters:
    ///   - value: Derives the child's state from this store's.
    ///   - action: Embeds a child action in one of this store's actions.
    /// - Returns: The scoped shared store.
    public func view<Child: Sendable, ChildAction: Action>(
        value: @escaping @Sendable (State) -> Child,
        action: @escaping @Sendable (ChildAction) -> any Action
    ) -> SharedStore<Child> {
        withStore { SharedStore<Child>(scoped: $0.view(value: value, action: action), lock: lock) }
    }

    /// A shared store for part of this one, whose actions pass through
    /// unchanged; its subscribers are called only when the value changes.
    ///
    /// - Parameter value: Derives the child's state from this store's.
    /// - Returns: The scoped shared store.
    public func view<Child: Equatable & Sendable>(value: @escaping @Sendable (State) -> Child) -> SharedStore<Child> {
        withStore { SharedStore<Child>(scoped: $0.view(value: value), lock: lock) }
    }

    /// A shared store for part of this one, whose actions pass through
    /// unchanged and whose state is not `Equatable`.
    ///
    /// - Parameter value: Derives the child's state from this store's.
    /// - Returns: The scoped shared store.
    public func view<Child: Sendable>(value: @escaping @Sendable (State) -> Child) -> SharedStore<Child> {
        withStore { SharedStore<Child>(scoped: $0.view(value: value), lock: lock) }
    }

    /// The store's states as an `AsyncSequence`, the current state first; see
    /// ``Store/states``. When the consuming task stops, nothing more is sent to
    /// the stream, and its subscription is removed: at once if no other thread
    /// is using the store, otherwise from a task of its own a moment later.
    public var states: AsyncStream<State> {
        states(bufferingPolicy: .bufferingNewest(1))
    }

    /// The store's states, with the buffering you choose; see
    /// ``Store/states(bufferingPolicy:)``.
    ///
    /// - Parameter bufferingPolicy: What to keep while the consumer lags.
    /// - Returns: A stream that ends when the consuming task is cancelled or the
    ///   store is freed.
    public func states(
        bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy
    ) -> AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(of: State.self, bufferingPolicy: bufferingPolicy)
        let consumerGone = SetOnceFlag()
        let finisher = StreamFinisher(continuation)
        let subscription = subscribe(includingCurrentState: true) { state in
            if !consumerGone.isSet { finisher.yield(state) }
        }
        // Never waits for the store's lock here: the runtime calls this handler
        // while the cancelled task's own lock is held, and a thread dispatching
        // under the store's lock may be resuming that task, so waiting could
        // deadlock. If the lock is free it is taken at once; otherwise a task of
        // its own waits for it.
        let (lock, deferred) = (self.lock, deferredDisposals)
        continuation.onTermination = { _ in
            consumerGone.set()
            if lock.tryLock() {
                defer { lock.unlock() }
                subscription.dispose()
            } else {
                deferred.dispose(subscription)
            }
        }
        return stream
    }
}
