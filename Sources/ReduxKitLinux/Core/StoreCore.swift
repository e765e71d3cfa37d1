/// The state, reducer and subscribers one store owns.
///
/// It has no lock: it is not `Sendable`, so the compiler keeps it, and every
/// closure it holds, in one isolation domain. Reducers, middleware and
/// subscribers therefore run one at a time, and a nested dispatch from a
/// subscriber or middleware proceeds at once, as in Redux. (``SharedStore``
/// puts a whole store behind a lock to use it from many threads.) `isReducing`
/// turns calls made from inside the reducer into clear failures instead of
/// silent reentrancy.
///
/// The hot paths are `@inlinable` so that a client's `Store<AppState>` runs
/// code specialised for `AppState`: unspecialised generic code looks up
/// generic metadata at run time on every dispatch, which cost more than the
/// dispatch itself.
@usableFromInline package final class StoreCore<State>: StoreCoreBase, StoreBackend {
    // Every `var` below is `@exclusivity(unchecked)`: Swift would otherwise check
    // exclusive access to a class's stored `var`s at run time, several times a
    // dispatch. The core is used from one isolation domain at a time (it is not
    // `Sendable`), and `isReducing` stops the one reentrant access that could
    // overlap (the store used from inside its reducer).

    @usableFromInline @exclusivity(unchecked) var state: State
    /// The reducer, in place: optional-state reducers are wrapped, so the store
    /// always passes its own state and an in-place reducer copies nothing.
    /// Boxed, so that `replaceReducer` can swap it while `dispatch` reads it
    /// through `runningReducer` without retaining it (see there).
    @usableFromInline @exclusivity(unchecked) var reducer: ReducerBox<State> {
        didSet { runningReducer = reducer }
    }
    /// `reducer`, unretained: reading a closure out of a class's `var` retains
    /// and releases its context on every call, a fifth of a dispatch's cost.
    /// `reducer` keeps the box alive, and it cannot be replaced while it runs
    /// (`replaceReducer` from inside the reducer stops the process).
    @usableFromInline @exclusivity(unchecked) unowned(unsafe) var runningReducer: ReducerBox<State>
    /// Whether the reducer is running: the store may not be used from inside it.
    @usableFromInline @exclusivity(unchecked) var isReducing = false
    /// Counts the states the reducer has produced; each subscriber remembers the
    /// version it last received, so it never gets an older state or one twice.
    @usableFromInline @exclusivity(unchecked) var version: UInt64 = 0
    @usableFromInline @exclusivity(unchecked) var subscribers = SubscriberList<State>()
    /// How many notification rounds are running (more than one when a
    /// subscriber dispatches); the subscriber list is compacted only at zero.
    @usableFromInline @exclusivity(unchecked) var notificationDepth = 0
    /// How many dispatches through an enhancer (middleware) are under way, one
    /// inside another, counted to stop a runaway loop before the stack overflows.
    @usableFromInline @exclusivity(unchecked) var enhancedDispatchDepth = 0
    /// Devtools watching every reduction and jump, whatever the order of the
    /// enhancers (nested dispatches and effect results included); `nil` for
    /// almost every store, so the hot path pays one check.
    @usableFromInline @exclusivity(unchecked) var observer: StoreObserver<State>?
    /// The ways back into this store that its middleware chains use
    /// (``StoreRoute``), so a ``SharedStore`` taking the store over can route
    /// them through its lock.
    @exclusivity(unchecked) var routes: [WeakStoreRoute] = [] {
        didSet { routesAwaitActor = true }
    }
    /// Whether a route in `routes` may not know its actor yet: a dispatch
    /// from an actor then settles them on it (one check a dispatch otherwise).
    @usableFromInline @exclusivity(unchecked) var routesAwaitActor = false
    /// What effects posted for the store's owner to apply, for a store a task
    /// owns (see ``StoreInbox``): made by the first effect that needed it;
    /// `nil` for almost every store, so the hot paths pay one check.
    @usableFromInline @exclusivity(unchecked) var inbox: StoreInbox? {
        didSet { slowPathDepth = inbox == nil ? Misuse.nestedDispatchLimit : 0 }
    }
    /// The depth of dispatches through an enhancer past which `serialize`
    /// takes its slow path: the runaway limit, or 0 for a store with an inbox
    /// (whose every call starts by applying what effects posted).
    @usableFromInline @exclusivity(unchecked) var slowPathDepth = Misuse.nestedDispatchLimit
    /// Whether the inbox's routes are reading the state for effects (their
    /// reads must not apply what was posted, in the middle of a reduction).
    @exclusivity(unchecked) var isPublishing = false

    /// Creates the core from an in-place reducer and the state to start from.
    @inlinable
    convenience init(reducer: @escaping InPlaceReducer<State>, state: State) {
        self.init(box: ReducerBox(reducer), state: state)
    }

    /// Creates the core from its reducer's box and the state to start from.
    @inlinable
    init(box: ReducerBox<State>, state: State) {
        self.state = state
        self.reducer = box
        self.runningReducer = box
        // Formed here, where `State` is known (this init is specialised in the
        // client), so a handle's `dispose()` runs specialised code.
        super.init(removeSubscription: { core, subscription in
            unsafeDowncast(core, to: StoreCore<State>.self).unsubscribe(subscription)
        })
    }

    /// Creates the core from an optional-state reducer, computing the initial
    /// state with `reducer(nil, DefaultAction())` when none is given.
    @inlinable
    convenience init(reducer: @escaping Reducer<State>, state: State?) {
        self.init(reducer: inPlace(reducer), state: state ?? reducer(nil, DefaultAction()))
    }

    deinit {
        // First, so that handles disposed while the subscribers are released
        // below (a subscriber may own a dispose bag) find the core gone.
        token.core = nil
        subscribers.destroy()
    }

    /// Runs the reducer on the current state, in place, and notifies the
    /// subscribers. Returns `action`.
    @inlinable
    package func dispatch(_ action: consuming any Action) -> any Action {
        if isReducing { Misuse.fail(Misuse.dispatchFromReducer) }
        isReducing = true
        runningReducer.run(&state, action)
        isReducing = false
        version &+= 1
        // Not `observer.reduced(action, state)` here: passing the state means
        // copying it to the stack, and this frame stays on the stack while
        // subscribers run (and dispatch again), so its copy would count once
        // per level of nested dispatch, observer or not (issue 38).
        if observer != nil { reportReduction(action) }
        if subscribers.count > 0 { notifySubscribers() }
        return action
    }

    /// Tells the observer (devtools) of a reduction: out of line, so the copy
    /// of the state it passes lives in this frame, for this call alone.
    @usableFromInline
    @inline(never)
    func reportReduction(_ action: any Action) {
        observer?.reduced(action, state)
    }

    @inlinable
    package func serialize(_ body: () -> any Action) -> any Action {
        if isReducing { Misuse.fail(Misuse.dispatchFromReducer) }
        enhancedDispatchDepth += 1
        defer { enhancedDispatchDepth -= 1 }
        // One comparison for both rare cases: a runaway loop, and a store with an inbox.
        if enhancedDispatchDepth > slowPathDepth { serializeSlowPath() }
        return body()
    }

    /// Calls each subscriber that has not yet received the latest state with it,
    /// in subscription order.
    ///
    /// A subscriber may dispatch: the nested round delivers the newer state to
    /// everyone, and this round then skips those already up to date, so no
    /// subscriber receives an older state after a newer one. Subscribers added
    /// during the round lie past `end` and wait for the next dispatch. The
    /// store's version and the subscriber's are read afresh after each call,
    /// since the subscriber may have dispatched, subscribed or disposed.
    @inlinable
    func notifySubscribers() {
        notificationDepth += 1
        if notificationDepth > Misuse.nestedDispatchLimit { Misuse.fail(Misuse.runawayNestedDispatch) }
        // The round's snapshot of the subscribers: one retain for the round
        // rather than one per subscriber called. Changes made during the round
        // copy the list and leave this snapshot as it is.
        let snapshot = subscribers.entries
        let end = snapshot.count
        // The state is copied once per version, not once per subscriber: for a
        // state holding arrays, each copy is a retain and a release.
        var deliveredVersion = version
        var current = state
        var index = 0
        while index < end {
            if version != deliveredVersion {
                deliveredVersion = version
                current = state
            }
            // Taken afresh each time: a subscriber that subscribes may move the
            // buffer, and one that disposes marks its version as a hole.
            let lastVersion = subscribers.versions + index
            if lastVersion.pointee < deliveredVersion {
                lastVersion.pointee = deliveredVersion
                snapshot[index].subscriber?(current)
            }
            index += 1
        }
        notificationDepth -= 1
        if notificationDepth == 0 && subscribers.needsCompaction { subscribers.compactIfNeeded() }
    }

    @inlinable
    package func getState() -> State {
        if isReducing { Misuse.fail(Misuse.getStateFromReducer) }
        if inbox != nil, enhancedDispatchDepth == 0 { applyPostedAsOwner() }
        return state
    }

    @inlinable
    package func read<Result>(_ body: (State) -> Result) -> Result {
        if isReducing { Misuse.fail(Misuse.getStateFromReducer) }
        if inbox != nil, enhancedDispatchDepth == 0 { applyPostedAsOwner() }
        let current = state
        return body(current)
    }

    /// Adds the subscriber `makeSubscriber` returns at the end of the list; it is
    /// first called on the next dispatch. `makeSubscriber` gets the current
    /// state, and nothing can be dispatched before the subscriber is in place.
    @inlinable
    package func subscribe(_ makeSubscriber: (State) -> (State) -> Void) -> any ReduxDisposable {
        if isReducing { Misuse.fail(Misuse.subscribeFromReducer) }
        let current = state
        let subscriber = makeSubscriber(current)
        let handle = StoreSubscription(core: self, index: subscribers.endIndex)
        subscribers.append(subscriber, version: version, handle: handle)
        return handle
    }

    /// Removes `subscription` and releases its subscriber; does nothing if it is
    /// already disposed.
    @inlinable
    func unsubscribe(_ subscription: StoreSubscription) {
        if isReducing { Misuse.fail(Misuse.unsubscribeFromReducer) }
        guard !subscription.isDisposed else { return }
        subscription.isDisposed = true
        // Released when this function returns, after the list is consistent again.
        let removed = subscribers.remove(subscription)
        if notificationDepth == 0 && subscribers.needsCompaction { subscribers.compactIfNeeded() }
        withExtendedLifetime(removed) {}
    }

    /// How many subscribers are live (for tests that check nothing is left behind).
    var subscriberCount: Int {
        subscribers.count
    }

    /// Sets the state without the reducer and notifies the subscribers, as a
    /// dispatch would (time travel's jumps).
    package func jump(to target: State) {
        if isReducing { Misuse.fail(Misuse.dispatchFromReducer) }
        state = target
        version &+= 1
        if let observer { observer.jumped(state) }
        if subscribers.count > 0 { notifySubscribers() }
    }

    @usableFromInline package func routeThrough(shared: AnyObject & Sendable) {
        for route in routes {
            route.route?.routeThrough(shared: shared)
        }
    }

    @usableFromInline package func settleRoutes(on actor: any Actor) {
        routesAwaitActor = false
        for route in routes {
            route.route?.settle(on: actor)
        }
    }

    @usableFromInline package func routeAttachments() -> [AnyObject & Sendable] {
        routes.compactMap { $0.route?.currentAttachment }
    }

    @usableFromInline package func inbox(creating: Bool) -> StoreInbox? {
        if inbox == nil, creating {
            inbox = StoreInbox()
            // Effects away from the owner read the state its last reduction left.
            observe(
                reduced: { [unowned self] _, _ in publishSnapshots() },
                jumped: { [unowned self] _ in publishSnapshots() })
        }
        return inbox
    }

    @usableFromInline package func replaceReducer(_ newReducer: @escaping InPlaceReducer<State>) {
        if isReducing { Misuse.fail(Misuse.replaceReducerFromReducer) }
        reducer = ReducerBox(newReducer)
        _ = dispatch(ReplaceReducerAction())
    }
}

/// A store's reducer, in a box whose reference the store can read without
/// retaining it.
@usableFromInline final class ReducerBox<State> {
    @usableFromInline let run: InPlaceReducer<State>

    @inlinable
    init(_ reducer: @escaping InPlaceReducer<State>) {
        run = reducer
    }
}

/// What devtools watch in a store's core: each reduction (the action that
/// reached the reducer and the state it produced) and each jump (a state set
/// without the reducer, as time travel does). Several observers chain.
@usableFromInline
final class StoreObserver<State> {
    @usableFromInline let reduced: (any Action, State) -> Void
    let jumped: (State) -> Void

    init(reduced: @escaping (any Action, State) -> Void, jumped: @escaping (State) -> Void) {
        self.reduced = reduced
        self.jumped = jumped
    }
}

extension StoreCore {
    /// Adds an observer of every reduction and jump, after those already added.
    package func observe(reduced: @escaping (any Action, State) -> Void, jumped: @escaping (State) -> Void) {
        guard let previous = observer else {
            observer = StoreObserver(reduced: reduced, jumped: jumped)
            return
        }
        observer = StoreObserver(
            reduced: { action, state in
                previous.reduced(action, state)
                reduced(action, state)
            },
            jumped: { state in
                previous.jumped(state)
                jumped(state)
            })
    }
}
