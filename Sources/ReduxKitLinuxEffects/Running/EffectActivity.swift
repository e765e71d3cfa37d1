/// Whether one effect is running or waiting where the store can see it: how a
/// test clock's advance knows that what it woke has run to its next
/// suspension, or ended.
///
/// Every task an ``EffectRunner`` starts has one, its ``EffectTask``'s, so
/// ``current`` is the current ``EffectTask``'s (an async thunk's body task shares its
/// run's). It is
/// *running* from its start until it waits at a point the effects know,
/// *waiting* there until whoever ends the wait wakes it (and marks it running
/// before resuming it, so it is never seen waiting while it runs again), and
/// *ended* with its task. The known waits are:
/// - a sleep on a test clock (``InPlaceSleepingClock``: the clock marks it);
/// - a listener's `take` or `condition`, and a `pause` (``OneShot``);
/// - a fork's or an async thunk run's outcome (``ListenerFork/result``,
///   ``AsyncThunkHandle/result``), ended by the fork's or the run's end.
///
/// Any other await (a dependency's network call, a stream, an actor) counts as
/// running: the effects cannot tell such a wait from work.
///
/// While a ``SettleGroup`` follows it (an advance in progress), each move of
/// the activity counts in the group: the group is settled when none of its
/// activities runs. What a followed activity wakes joins its group, and so
/// does an effect it starts that begins later (a fork, which begins once its
/// parent suspends). An effect it starts at once does not: that one has run
/// to its first suspension inside the dispatch that started it, as any
/// effect a test dispatches does.
package final class EffectActivity: Sendable {
    private enum Stage: Sendable {
        case running
        case waiting
        case ended
    }

    private struct Status: Sendable {
        var stage = Stage.running
        var group: SettleGroup?
        /// Activities waiting for this one's end (``waitForEnd(of:_:)``).
        var joiners: [EffectActivity] = []
    }

    /// The activity of the effect the current task runs for; `nil` outside effects.
    package static var current: EffectActivity? { EffectTask.current?.activity }

    /// What kind of effect this is ("listener", "async thunk").
    private let kind: String
    /// Its name (a listener's, a thunk's type prefix), if it has one.
    private let name: String?
    private let status: Locked<Status>

    /// What the activity is, for a failure that names it ("listener search",
    /// "async thunk todos/load"); put together only when asked.
    package var label: String { name.map { "\(kind) \($0)" } ?? kind }

    /// A running activity, followed by no group yet.
    ///
    /// - Parameters:
    ///   - kind: What kind of effect it is.
    ///   - name: Its name, if it has one.
    init(_ kind: String, named name: String? = nil) {
        self.kind = kind
        self.name = name
        status = Locked(Status())
    }

    /// Follows this activity, which begins later, in the group `parent` is
    /// followed in, if any: an effect that an effect an advance woke starts,
    /// and which has not run yet.
    ///
    /// - Parameter parent: The activity of the code starting this one (``current``).
    func beginsLater(startedBy parent: EffectActivity?) {
        guard let group = parent?.followingGroup else { return }
        let running = status.withLock { status -> Bool in
            status.group = group
            return status.stage == .running
        }
        if running { group.runs(self) }
    }

    /// The open group this activity is followed in, if any.
    package var followingGroup: SettleGroup? {
        status.withLock { $0.group }.flatMap { $0.isOpen ? $0 : nil }
    }

    /// Notes that the activity now waits at a known point: whatever will end
    /// the wait is registered (call it under the lock of that registration,
    /// or after it).
    package func waits() {
        let group = status.withLock { status -> SettleGroup? in
            guard status.stage == .running else { return nil }
            status.stage = .waiting
            return status.group
        }
        group?.settled(self)
    }

    /// Notes that the activity runs again: call before resuming its wait.
    ///
    /// - Parameter group: The group to follow it in from now on (an
    ///   advance's, or that of the activity that woke it), if open.
    package func wakes(joining group: SettleGroup?) {
        let following = status.withLock { status -> SettleGroup? in
            guard status.stage == .waiting else { return nil }
            status.stage = .running
            if let group, group.isOpen { status.group = group }
            return status.group
        }
        following?.runs(self)
    }

    /// Notes the activity's end: wakes those waiting for it first, in its group.
    func ends() {
        let (group, joiners) = status.withLock { status -> (SettleGroup?, [EffectActivity]) in
            let wasRunning = status.stage == .running
            status.stage = .ended
            defer { status.joiners = [] }
            return (wasRunning ? status.group : nil, status.joiners)
        }
        let followed = group ?? followingGroup
        for joiner in joiners { joiner.wakes(joining: followed) }
        group?.settled(self)
    }

    /// Waits for `wait`, which returns once `child` has ended, as a known wait:
    /// `child`'s end wakes this activity before `wait` returns.
    ///
    /// - Parameters:
    ///   - child: The activity whose end ends the wait.
    ///   - wait: Awaits the child's outcome.
    /// - Returns: What `wait` returned.
    nonisolated(nonsending) func waitForEnd<Value>(of child: EffectActivity, _ wait: () async -> Value) async
        -> Value
    {
        child.addJoiner(self)
        return await wait()
    }

    /// Adds `joiner` to the activities this one's end wakes, and marks it
    /// waiting, under this activity's lock: its end, which takes the joiners
    /// under the same lock, cannot come in between. Does nothing if this
    /// activity has ended.
    private func addJoiner(_ joiner: EffectActivity) {
        status.withLock { status in
            guard status.stage != .ended else { return }
            status.joiners.append(joiner)
            joiner.waits()
        }
    }
}
