/// The state, reducer and subscribers one store owns, and the lock that makes
/// them safe to use from any thread.
///
/// Every entry point takes `lock`, a recursive lock, so reducers, middleware and
/// subscribers run one at a time while nested dispatch from a subscriber or
/// middleware on the same thread proceeds at once, as in Redux. `isReducing`
/// turns calls made from inside the reducer into clear failures instead of
/// silent reentrancy.
///
/// The hot paths are `@inlinable` so that a client's `Store<AppState>` runs
/// code specialised for `AppState`: unspecialised generic code looks up
/// generic metadata at run time on every dispatch, which cost more than the
/// dispatch itself.
@usableFromInline
final class StoreCore<State>: StoreBackend, @unchecked Sendable {
    /// Everything that changes, behind one pointer (see `fields`).
    @usableFromInline
    struct Fields {
        @usableFromInline var state: State
        /// The reducer, in place: optional-state reducers are wrapped, so the
        /// store always passes its own state and an in-place reducer copies nothing.
        @usableFromInline var reducer: InPlaceReducer<State>
        /// Whether the reducer is running: the store may not be used from inside it.
        @usableFromInline var isReducing = false
        /// Counts the states the reducer has produced; each subscriber remembers
        /// the version it last received, so it never gets an older state or one twice.
        @usableFromInline var version: UInt64 = 0
        @usableFromInline var subscribers = SubscriberList<State>()
        /// How many notification rounds are running (more than one when a
        /// subscriber dispatches); the subscriber list is compacted only at zero.
        @usableFromInline var notificationDepth = 0

        @usableFromInline
        init(state: State, reducer: @escaping InPlaceReducer<State>) {
            self.state = state
            self.reducer = reducer
        }
    }

    /// Serialises every use of the store; recursive so nested dispatch works.
    @usableFromInline let lock = StoreLock()
    /// The mutable fields, read and written only with `lock` held. They sit behind
    /// a pointer rather than in stored `var`s because Swift checks exclusive
    /// access to a class's stored `var`s dynamically, several times a dispatch;
    /// the lock already serialises every access, and `isReducing` stops the one
    /// reentrant access that could overlap (the store used from inside its reducer).
    @usableFromInline let fields: UnsafeMutablePointer<Fields>

    /// Creates the core from an in-place reducer and the state to start from.
    @inlinable
    init(reducer: @escaping InPlaceReducer<State>, state: State) {
        fields = .allocate(capacity: 1)
        fields.initialize(to: Fields(state: state, reducer: reducer))
    }

    /// Creates the core from an optional-state reducer, computing the initial
    /// state with `reducer(nil, DefaultAction())` when none is given.
    @inlinable
    convenience init(reducer: @escaping Reducer<State>, state: State?) {
        self.init(reducer: inPlace(reducer), state: state ?? reducer(nil, DefaultAction()))
    }

    deinit {
        // Handles that outlive the store find their core gone (weak), so nothing
        // else can reach these fields now.
        fields.deinitialize(count: 1)
        fields.deallocate()
    }

    /// Runs the reducer on the current state, in place, and notifies the
    /// subscribers. Returns `action`.
    @inlinable
    func dispatch(_ action: any Action) -> any Action {
        lock.lock()
        defer { lock.unlock() }
        if fields.pointee.isReducing { Misuse.fail(Misuse.dispatchFromReducer) }
        fields.pointee.isReducing = true
        fields.pointee.reducer(&fields.pointee.state, action)
        fields.pointee.isReducing = false
        fields.pointee.version &+= 1
        if fields.pointee.subscribers.count > 0 { notifySubscribers() }
        return action
    }

    @inlinable
    func serialize(_ body: () -> any Action) -> any Action {
        lock.lock()
        defer { lock.unlock() }
        if fields.pointee.isReducing { Misuse.fail(Misuse.dispatchFromReducer) }
        return body()
    }

    /// Calls each subscriber that has not yet received the latest state with it,
    /// in subscription order.
    ///
    /// A subscriber may dispatch: the nested round delivers the newer state to
    /// everyone, and this round then skips those already up to date, so no
    /// subscriber receives an older state after a newer one. Subscribers added
    /// during the round lie past `end` and wait for the next dispatch. Every
    /// field is read afresh after each call, since the subscriber may have
    /// dispatched, subscribed or disposed.
    @inlinable
    func notifySubscribers() {
        fields.pointee.notificationDepth += 1
        let end = fields.pointee.subscribers.endIndex
        var index = 0
        while index < end {
            let version = fields.pointee.version
            if fields.pointee.subscribers.slots[index].lastVersion < version,
                let subscriber = fields.pointee.subscribers.slots[index].subscriber
            {
                fields.pointee.subscribers.slots[index].lastVersion = version
                let current = fields.pointee.state
                subscriber(current)
            }
            index += 1
        }
        fields.pointee.notificationDepth -= 1
        if fields.pointee.notificationDepth == 0 { fields.pointee.subscribers.compactIfNeeded() }
    }

    @inlinable
    func getState() -> State {
        lock.lock()
        defer { lock.unlock() }
        if fields.pointee.isReducing { Misuse.fail(Misuse.getStateFromReducer) }
        return fields.pointee.state
    }

    @inlinable
    func read<Result>(_ body: (State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        if fields.pointee.isReducing { Misuse.fail(Misuse.getStateFromReducer) }
        let current = fields.pointee.state
        return body(current)
    }

    /// Adds the subscriber `makeSubscriber` returns at the end of the list; it is
    /// first called on the next dispatch.
    @inlinable
    func subscribe(_ makeSubscriber: (State) -> (State) -> Void) -> any ReduxDisposable {
        lock.lock()
        defer { lock.unlock() }
        if fields.pointee.isReducing { Misuse.fail(Misuse.subscribeFromReducer) }
        let current = fields.pointee.state
        let subscriber = makeSubscriber(current)
        let handle = StoreSubscription(core: self, index: fields.pointee.subscribers.endIndex)
        fields.pointee.subscribers.append(subscriber, version: fields.pointee.version, handle: handle)
        return handle
    }

    /// Removes `subscription` and releases its subscriber; does nothing if it is
    /// already disposed.
    @inlinable
    func unsubscribe(_ subscription: StoreSubscription<State>) {
        lock.lock()
        defer { lock.unlock() }
        if fields.pointee.isReducing { Misuse.fail(Misuse.unsubscribeFromReducer) }
        guard !subscription.isDisposed else { return }
        subscription.isDisposed = true
        // Released when this function returns, after the list is consistent again.
        let removed = fields.pointee.subscribers.remove(subscription)
        if fields.pointee.notificationDepth == 0 { fields.pointee.subscribers.compactIfNeeded() }
        withExtendedLifetime(removed) {}
    }

    /// Whether `subscription` has been disposed.
    @usableFromInline
    func isDisposed(_ subscription: StoreSubscription<State>) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return subscription.isDisposed
    }

    /// How many subscribers are live (for tests that check nothing is left behind).
    var subscriberCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return fields.pointee.subscribers.count
    }

    @usableFromInline
    func replaceReducer(_ newReducer: @escaping InPlaceReducer<State>) {
        lock.lock()
        defer { lock.unlock() }
        if fields.pointee.isReducing { Misuse.fail(Misuse.replaceReducerFromReducer) }
        fields.pointee.reducer = newReducer
        _ = dispatch(ReplaceReducerAction())
    }
}
