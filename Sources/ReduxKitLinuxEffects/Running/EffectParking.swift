import ReduxKitLinux

/// One counted task of an effect (an effect's own task, or a child task the
/// library makes for it), as the task-local `current`: what a known wait
/// reports to when the task parks in it, so a test clock can tell an effect
/// that is waiting for something from one that is still running.
///
/// A known wait (a `TestClock` sleep, a listener's
/// `take` or `condition`, a `pause`) calls `park(onClock:)` when it has
/// stored what wakes it, and whoever wakes it calls `ParkedWait.wake()`
/// before resuming it; so the chain's `EffectTracker` counts
/// every running task as parked only while nothing can wake it but something
/// outside its effects (the test moving its clock, dispatching, resolving).
/// A task counts as parked while any of its waits is (a child task that an
/// effect makes itself, and that sleeps on the clock, parks it).
package final class EffectParking: Sendable {
    /// The counted task the current code runs in; `nil` outside effects.
    @TaskLocal package static var current: EffectParking?

    /// The tracker counting the task.
    package let tracker: EffectTracker
    private let waits = Locked((count: 0, onClock: false))

    /// - Parameter tracker: The tracker counting the task.
    package init(tracker: EffectTracker) {
        self.tracker = tracker
    }

    /// Notes that the task parked in a wait; call once what wakes it is stored.
    ///
    /// - Parameter onClock: Whether it sleeps on a clock.
    /// - Returns: What the waker calls before resuming the task.
    package func park(onClock: Bool) -> ParkedWait {
        let first = waits.withLock { waits -> Bool in
            waits.count += 1
            guard waits.count == 1 else { return false }
            waits.onClock = onClock
            return true
        }
        if first { tracker.park(onClock: onClock) }
        return ParkedWait(self)
    }

    /// Notes that one of the task's waits was woken.
    fileprivate func unpark() {
        let last = waits.withLock { waits -> Bool? in
            waits.count -= 1
            return waits.count == 0 ? waits.onClock : nil
        }
        if let onClock = last { tracker.unpark(onClock: onClock) } else { tracker.woke() }
    }

    /// Notes that the task started running (the start of its body).
    package func starts() {
        tracker.starts()
    }

    /// A child task the library makes for this task's effect (the timeout of
    /// a timed `take`): counted as running until `end()`. Call before
    /// making the task, so it is counted from the start; run its body with the
    /// child as `current`, calling the child's `starts()` first.
    ///
    /// - Returns: The child's parking.
    package func child() -> EffectParking {
        tracker.begin()
        return EffectParking(tracker: tracker)
    }

    /// Notes the end of a task made with `child()`.
    package func end() {
        tracker.end()
    }
}

/// A parked wait, woken once: `wake()` unparks its task the first time
/// only, and the waiting code calls `resumed()` once it runs again.
package final class ParkedWait: Sendable {
    private enum Stage {
        case parked(EffectParking)
        case woken(EffectParking)
        case done
    }

    private let stage: Locked<Stage>

    fileprivate init(_ parking: EffectParking) {
        stage = Locked(.parked(parking))
    }

    /// Unparks the task (the first call only); call before resuming it.
    package func wake() {
        let parking = stage.withLock { stage -> EffectParking? in
            guard case .parked(let parking) = stage else { return nil }
            stage = .woken(parking)
            return parking
        }
        parking?.unpark()
    }

    /// Notes that the woken task runs again; call where it waited, once the
    /// wait returned.
    package func resumed() {
        let parking = stage.withLock { stage -> EffectParking? in
            guard case .woken(let parking) = stage else { return nil }
            stage = .done
            return parking
        }
        parking?.tracker.resumes()
    }
}

/// A clock that wants to know the effects that may sleep on it (a test clock,
/// which waits for them to settle before it moves time): an effect runner
/// whose dependencies' clock is one tells it its tracker.
package protocol EffectWatchingClock: AnyObject, Sendable {
    /// Notes a tracker whose effects may sleep on this clock (held weakly).
    ///
    /// - Parameter tracker: The tracker.
    func watch(_ tracker: EffectTracker)
}
