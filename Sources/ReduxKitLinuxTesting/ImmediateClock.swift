import ReduxKitLinuxEffects

/// A clock whose sleeps return at once, moving ``now`` forward by the time
/// slept (swift-clocks' `ImmediateClock`): for tests, and previews, that
/// want an effect's waits skipped rather than choreographed.
///
/// ```swift
/// var dependencies = EffectDependencies()
/// dependencies.clock = ImmediateClock()   // a debounce or a timeout passes at once
/// ```
///
/// A sleep whose task is cancelled throws `CancellationError`, like
/// `Task.sleep`; a sleep until a deadline already passed returns without
/// moving the clock. A repeating timer on it ticks as fast as its consumer
/// takes the ticks, so use it for effects that end (a debounce, a timeout),
/// not for one that ticks for ever.
public final class ImmediateClock: InPlaceSleepingClock, Sendable {
    /// A point on an immediate clock: how far it moved from where it started
    /// (the same points as a ``TestClock``'s).
    public typealias Instant = TestClock.Instant

    private let current: Locked<Instant>

    /// Creates a clock standing at `now`.
    ///
    /// - Parameter now: Where it starts (its zero by default).
    public init(now: Instant = Instant(offset: .zero)) {
        current = Locked(now)
    }

    /// Where the clock stands: moved by each sleep to its deadline.
    public var now: Instant { current.withLock { $0 } }

    /// The smallest step the clock measures: none.
    public var minimumResolution: Duration { .zero }

    /// Moves the clock to `deadline` (if it is later than ``now``) and returns
    /// after a `Task.yield()`: a real suspension, so an effect that sleeps in
    /// a loop lets the code that started it go on (an effect runs inside the
    /// dispatch that started it up to its first suspension).
    ///
    /// - Parameters:
    ///   - deadline: Where to move the clock.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` if the task is cancelled.
    nonisolated(nonsending) public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await sleepInPlace(until: deadline, tolerance: tolerance)
    }

    /// Moves the clock to `deadline` (if it is later than ``now``) and returns
    /// after a `Task.yield()`, on the caller's executor (see ``sleep(until:tolerance:)``).
    ///
    /// - Parameters:
    ///   - deadline: Where to move the clock.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` if the task is cancelled.
    nonisolated(nonsending) public func sleepInPlace(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        current.withLock { $0 = max($0, deadline) }
        await Task.yield()
    }
}
