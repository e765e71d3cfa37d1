/// The handle a ``SharedStore`` returns: disposable from any thread.
final class SharedSubscription: ReduxDisposable, @unchecked Sendable {
    // Why no race is possible, although `inner` is not `Sendable`: `inner` is a
    // handle of the shared store's inner store, and it is touched only with
    // `lock` held, the lock that guards that store (see `SharedStore`). `close`
    // is `Sendable`.
    private let inner: any ReduxDisposable
    private let lock: StoreLock
    private let close: (@Sendable () -> Void)?

    init(_ inner: any ReduxDisposable, lock: StoreLock, close: (@Sendable () -> Void)? = nil) {
        self.inner = inner
        self.lock = lock
        self.close = close
    }

    var disposed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return inner.disposed
    }

    func dispose() {
        close?()
        lock.lock()
        defer { lock.unlock() }
        inner.dispose()
    }
}

extension SharedStore {
    /// Adds a subscriber, called with the new state after every dispatch, on the
    /// dispatching thread, under the lock (see ``Store/subscribe(_:)-((State)->Void)``).
    ///
    /// The subscriber must be `@Sendable`, since it runs on whichever thread
    /// dispatches. For a subscriber isolated to an actor (a `@MainActor` view
    /// model's), use ``subscribe(isolated:includingCurrentState:)``, with the
    /// closure inside the parentheses:
    ///
    /// ```swift
    /// store.subscribe(isolated: { @MainActor [weak self] s in self?.value = s.count })
    /// store.subscribe(isolated: self.update)  // a @MainActor method
    /// ```
    ///
    /// Given to this method instead, such a subscriber does not compile. For a
    /// `@MainActor` view model with a `value` property and an `update(_:)`
    /// method, following a `SharedStore<CounterState>`, Swift 6.3.1 says (yours
    /// name your own types and members):
    ///
    /// - `main actor-isolated property 'value' can not be mutated from a
    ///   Sendable closure`, or `call to main actor-isolated instance method
    ///   'update' in a synchronous nonisolated context`, for a plain closure
    ///   that touches the view model (`store.subscribe { [weak self] s in
    ///   self?.value = s.count }`);
    /// - `converting function value of type '@MainActor @Sendable
    ///   (CounterState) -> ()' to '@Sendable (CounterState) -> Void' loses
    ///   global actor 'MainActor'`, for a method reference
    ///   (`store.subscribe(self.update)`), and the same, `-> Void` in place of
    ///   `-> ()`, for a `@MainActor` closure written as a trailing closure
    ///   (`store.subscribe { @MainActor [weak self] s in self?.value = s.count }`).
    ///
    /// The fix for each is `subscribe(isolated:)`, as above.
    ///
    /// - Parameter subscriber: Called with each new state.
    /// - Returns: A handle that may be disposed from any thread; after
    ///   `dispose()` returns, the subscriber is never called again.
    @discardableResult
    public func subscribe(_ subscriber: @escaping @Sendable (State) -> Void) -> any ReduxDisposable & Sendable {
        subscribe(includingCurrentState: false, subscriber)
    }

    /// Adds a subscriber that first receives the current state, then every new
    /// one, with no gap a concurrent dispatch could fall into: both happen
    /// under the lock.
    ///
    /// For a `@MainActor` view model's subscriber, use
    /// ``subscribe(isolated:includingCurrentState:)`` with
    /// `includingCurrentState: true`: given here, it does not compile (see
    /// ``subscribe(_:)`` for the compiler's messages).
    ///
    /// - Parameters:
    ///   - includingCurrentState: Whether to call `subscriber` with the current
    ///     state before this method returns.
    ///   - subscriber: Called with each state, on the dispatching thread.
    /// - Returns: A handle that may be disposed from any thread.
    @discardableResult
    public func subscribe(
        includingCurrentState: Bool, _ subscriber: @escaping @Sendable (State) -> Void
    ) -> any ReduxDisposable & Sendable {
        withStore { store in
            SharedSubscription(store.subscribe(includingCurrentState: includingCurrentState, subscriber), lock: lock)
        }
    }

    /// Subscribes to a selected part of the state, called on the dispatching
    /// thread only when the selection changes (by `==`); see the same method of
    /// ``Store``.
    ///
    /// For a `@MainActor` view model's subscriber, use
    /// ``subscribe(select:isolated:includingCurrentState:)``: given here, it
    /// does not compile (see ``subscribe(_:)`` for the compiler's messages).
    ///
    /// - Parameters:
    ///   - select: Picks the part of the state to watch.
    ///   - subscriber: Called with each new selection.
    /// - Returns: A handle that may be disposed from any thread.
    @discardableResult
    public func subscribe<Selected: Equatable>(
        select: @escaping @Sendable (State) -> Selected,
        _ subscriber: @escaping @Sendable (Selected) -> Void
    ) -> any ReduxDisposable & Sendable {
        withStore { SharedSubscription($0.subscribe(select: select, subscriber), lock: lock) }
    }

    /// Subscribes to a selected part of the state, skipping selections
    /// `isRepeat` calls repeats; see ``Store/subscribe(select:skipRepeats:_:)``.
    ///
    /// - Parameters:
    ///   - select: Picks the part of the state to watch.
    ///   - isRepeat: Returns `true` when the new selection (the second) repeats
    ///     the last delivered one (the first).
    ///   - subscriber: Called with each selection that is not a repeat.
    /// - Returns: A handle that may be disposed from any thread.
    @discardableResult
    public func subscribe<Selected>(
        select: @escaping @Sendable (State) -> Selected,
        skipRepeats isRepeat: @escaping @Sendable (Selected, Selected) -> Bool,
        _ subscriber: @escaping @Sendable (Selected) -> Void
    ) -> any ReduxDisposable & Sendable {
        withStore { SharedSubscription($0.subscribe(select: select, skipRepeats: isRepeat, subscriber), lock: lock) }
    }
}
