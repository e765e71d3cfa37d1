/// The effects one test clock's advance follows: those it woke, and what they
/// start or wake while they run. The advance returns once none of them runs:
/// each waits at a point the effects know, or has ended (see
/// ``EffectActivity``).
///
/// A group counts its running activities; an activity reports each of its
/// moves to the group it is followed in. Once the advance is done it closes
/// the group, which then ignores what its activities do.
package final class SettleGroup: Sendable {
    private struct Status: Sendable {
        /// The group's activities that run now.
        var running: [ObjectIdentifier: EffectActivity] = [:]
        var open = true
        var waiters = ParkedWaiters<Void, Void>()
    }

    private let status = Locked(Status())

    /// An open group, following nothing yet.
    package init() {}

    /// Whether the group still follows its activities.
    package var isOpen: Bool { status.withLock { $0.open } }

    /// Whether none of the group's activities runs.
    package var isSettled: Bool { status.withLock { $0.running.isEmpty } }

    /// The labels of the activities still running, sorted.
    package var runningLabels: [String] {
        status.withLock { status in
            status.running.values.map(\.label).sorted()
        }
    }

    /// Follows `activity`, which runs now.
    ///
    /// - Parameter activity: An activity woken by the advance, started or
    ///   woken by one the group follows.
    package func runs(_ activity: EffectActivity) {
        status.withLock { status in
            guard status.open else { return }
            status.running[ObjectIdentifier(activity)] = activity
        }
    }

    /// Notes that `activity` waits at a known point, or has ended.
    ///
    /// - Parameter activity: One of the group's activities.
    package func settled(_ activity: EffectActivity) {
        let waiters = status.withLock { status -> [ParkedWaiters<Void, Void>.Continuation] in
            guard status.open, status.running.removeValue(forKey: ObjectIdentifier(activity)) != nil,
                status.running.isEmpty
            else {
                return []
            }
            return status.waiters.take { true }.map(\.continuation)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once none of the group's activities runs (at once if none
    /// does), or when the waiting task is cancelled.
    package func waitUntilSettled() async {
        await status.park(in: \.waiters, tag: (), whenCancelled: ()) { $0.running.isEmpty ? () : nil }
    }

    /// Stops following the activities, and wakes whoever waits.
    package func close() {
        let waiters = status.withLock { status -> [ParkedWaiters<Void, Void>.Continuation] in
            status.open = false
            status.running = [:]
            return status.waiters.take { true }.map(\.continuation)
        }
        for waiter in waiters { waiter.resume() }
    }
}
