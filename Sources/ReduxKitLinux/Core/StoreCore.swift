import Foundation

/// The state, reducer and subscribers one store owns, and the lock that makes
/// them safe to use from any thread.
///
/// Every entry point takes `lock`, a recursive lock, so reducers, middleware and
/// subscribers run one at a time while nested dispatch from a subscriber or
/// middleware on the same thread proceeds at once, as in Redux. `isReducing`
/// turns calls made from inside the reducer into clear failures instead of
/// silent reentrancy.
final class StoreCore<State>: StoreBackend, @unchecked Sendable {
    // Every `var` below is read and written only with `lock` held.

    /// Serialises every use of the store; recursive so nested dispatch works.
    let lock = NSRecursiveLock()
    private var state: State
    /// The reducer, in place: optional-state reducers are wrapped, so the store
    /// always passes its own state and an in-place reducer copies nothing.
    private var reducer: InPlaceReducer<State>
    /// Whether the reducer is running: the store may not be used from inside it.
    private var isReducing = false
    /// Counts the states the reducer has produced; each subscriber remembers the
    /// version it last received, so it never gets an older state or one twice.
    private var version: UInt64 = 0
    private var subscribers = SubscriberList<State>()
    /// How many notification rounds are running (more than one when a
    /// subscriber dispatches); the subscriber list is compacted only at zero.
    private var notificationDepth = 0

    /// Creates the core from an in-place reducer and the state to start from.
    init(reducer: @escaping InPlaceReducer<State>, state: State) {
        self.reducer = reducer
        self.state = state
    }

    /// Creates the core from an optional-state reducer, computing the initial
    /// state with `reducer(nil, DefaultAction())` when none is given.
    convenience init(reducer: @escaping Reducer<State>, state: State?) {
        self.init(reducer: inPlace(reducer), state: state ?? reducer(nil, DefaultAction()))
    }

    deinit {
        subscribers.releaseAll()
    }

    /// Runs the reducer on the current state, in place, and notifies the
    /// subscribers. Returns `action`.
    func dispatch(_ action: any Action) -> any Action {
        lock.lock()
        defer { lock.unlock() }
        if isReducing { Misuse.fail(Misuse.dispatchFromReducer) }
        isReducing = true
        reducer(&state, action)
        isReducing = false
        version &+= 1
        if !subscribers.isEmpty { notifySubscribers() }
        return action
    }

    func serialize(_ body: () -> any Action) -> any Action {
        lock.lock()
        defer { lock.unlock() }
        if isReducing { Misuse.fail(Misuse.dispatchFromReducer) }
        return body()
    }

    /// Calls each subscriber that has not yet received the latest state with it,
    /// in subscription order.
    ///
    /// A subscriber may dispatch: the nested round delivers the newer state to
    /// everyone, and this round then skips those already up to date, so no
    /// subscriber receives an older state after a newer one. Subscribers added
    /// during the round lie past `end` and wait for the next dispatch.
    private func notifySubscribers() {
        notificationDepth += 1
        defer {
            notificationDepth -= 1
            if notificationDepth == 0 { subscribers.compactIfNeeded() }
        }
        let end = subscribers.endIndex
        var index = 0
        while index < end {
            if let subscription = subscribers[index], subscription.lastVersion < version,
                let subscriber = subscription.subscriber
            {
                subscription.lastVersion = version
                let current = state
                subscriber(current)
            }
            index += 1
        }
    }

    func getState() -> State {
        lock.lock()
        defer { lock.unlock() }
        if isReducing { Misuse.fail(Misuse.getStateFromReducer) }
        return state
    }

    func read<Result>(_ body: (State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        if isReducing { Misuse.fail(Misuse.getStateFromReducer) }
        return body(state)
    }

    /// Adds the subscriber `makeSubscriber` returns at the end of the list; it is
    /// first called on the next dispatch.
    func subscribe(_ makeSubscriber: (State) -> (State) -> Void) -> any ReduxDisposable {
        lock.lock()
        defer { lock.unlock() }
        if isReducing { Misuse.fail(Misuse.subscribeFromReducer) }
        let subscription = StoreSubscription(
            core: self, subscriber: makeSubscriber(state), version: version, index: 0)
        subscribers.append(subscription)
        return subscription
    }

    /// Removes `subscription` and releases its subscriber; does nothing if it is
    /// already disposed.
    func unsubscribe(_ subscription: StoreSubscription<State>) {
        lock.lock()
        defer { lock.unlock() }
        if isReducing { Misuse.fail(Misuse.unsubscribeFromReducer) }
        guard subscription.subscriber != nil else { return }
        subscription.subscriber = nil
        subscribers.remove(subscription)
        if notificationDepth == 0 { subscribers.compactIfNeeded() }
    }

    /// Whether `subscription` has been disposed.
    func isDisposed(_ subscription: StoreSubscription<State>) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return subscription.subscriber == nil
    }

    /// How many subscribers are live (for tests that check nothing is left behind).
    var subscriberCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return subscribers.count
    }

    func replaceReducer(_ newReducer: @escaping InPlaceReducer<State>) {
        lock.lock()
        defer { lock.unlock() }
        if isReducing { Misuse.fail(Misuse.replaceReducerFromReducer) }
        reducer = newReducer
        _ = dispatch(ReplaceReducerAction())
    }
}
