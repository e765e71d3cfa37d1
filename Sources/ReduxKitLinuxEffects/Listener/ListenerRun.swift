/// One run of a listener's effect in one store: its task (what the effect
/// starts is cancelled with it), and its forks (also cancelled when the effect
/// ends).
final class ListenerRun<State: Sendable>: Sendable {
    /// Tells this run from the listener's other runs in its store.
    let id: UInt64
    let listener: ListenerEntry<State>
    /// What the listener's `cancellationID` gave for the run's action: its
    /// policy's partition, and what ``CancelEffects`` cancels it by.
    let key: EffectID?
    /// The run's task (with its activity), made before it starts.
    let effect: EffectTask
    /// The run's forks (a group no task runs in): cancelled with the run, and when its effect ends.
    let forks = EffectTask()
    /// What the effect's end waits for: its forks with `autoJoin`.
    private let joins = Locked<[@Sendable () async -> Void]>([])
    /// Forks whose task has not begun yet, and the run's end waiting for them.
    private let unstarted = Locked(UnstartedForks())

    init(id: UInt64, listener: ListenerEntry<State>, key: EffectID?) {
        self.id = id
        self.listener = listener
        self.key = key
        effect = EffectTask(activity: EffectActivity("listener", named: listener.name))
    }

    /// Whether the run was cancelled (by its policy, its context, a removal
    /// with `cancelActive`, or its store going).
    var isCancelled: Bool { effect.isCancelled }

    /// Cancels the run's task (and so what it started) and its forks, those
    /// going on and any it forks from now on (RTK aborts a fork with its run).
    /// A run that cancels itself before its first suspension, before its task
    /// is known, is marked cancelled at once (see ``EffectTask``), so what it
    /// dispatches next sees the cancellation.
    func cancel() {
        effect.cancel()
        forks.cancel()
    }

    /// Makes the effect's end wait for `join` (a fork with `autoJoin`).
    func join(_ join: @escaping @Sendable () async -> Void) {
        joins.withLock { $0.append(join) }
    }

    /// Notes a fork whose task will begin later (after the code forking it suspends).
    ///
    /// - Returns: Its place among the run's forks, for ``forkWaitsForItsTurn(_:)``.
    func forkWillStart() -> Int {
        unstarted.withLock { unstarted in
            unstarted.count += 1
            defer { unstarted.forked += 1 }
            return unstarted.forked
        }
    }

    /// Waits until the forks forked before the one at `place` have begun:
    /// forks begin in the order forked (as RTK's, each a microtask), though
    /// their tasks, made outside the store's actor, may reach it in another
    /// order. A fork cancelled while it waits goes on at once.
    nonisolated(nonsending) func forkWaitsForItsTurn(_ place: Int) async {
        await unstarted.park(in: \.turns, tag: place, whenCancelled: ()) { $0.begun >= place ? () : nil }
        let next = unstarted.withLock { unstarted in
            unstarted.begun = max(unstarted.begun, place + 1)
            let begun = unstarted.begun
            return unstarted.turns.take { $0 <= begun }
        }
        for waiter in next { waiter.continuation.resume() }
    }

    /// Notes that a fork's task has begun (its body runs next, unless it was cancelled).
    func forkStarted() {
        let waiters = unstarted.withLock { unstarted in
            unstarted.count -= 1
            return unstarted.count == 0 ? unstarted.waiters.take { true } : []
        }
        for waiter in waiters { waiter.continuation.resume() }
    }

    /// Lets every fork begin (as RTK's forks start in the next microtask,
    /// before the listener's end), waits for the forks to join, then cancels
    /// those still going: a fork forked just before the effect returned runs
    /// up to its first suspension, then sees its cancellation.
    nonisolated(nonsending) func end() async {
        await unstarted.park(in: \.waiters, tag: (), whenCancelled: ()) { $0.count == 0 ? () : nil }
        for join in joins.withLock({ $0 }) { await join() }
        forks.cancel()
    }
}

/// A listener run's forks whose task has not begun yet, and the run's end
/// waiting for them. Outside the generic ``ListenerRun``: a key path into a
/// generic type (`\.waiters`, which the wait takes) is built anew at run time
/// on every call.
struct UnstartedForks: Sendable {
    var count = 0
    var waiters = ParkedWaiters<Void, Void>()
    /// How many forks were forked, and how many of the first ones have begun.
    var forked = 0
    var begun = 0
    /// Forks waiting for those forked before them to begin, by their place.
    var turns = ParkedWaiters<Void, Int>()
}
