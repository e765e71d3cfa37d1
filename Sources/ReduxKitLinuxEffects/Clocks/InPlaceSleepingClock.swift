/// A clock whose sleeps begin on the caller's executor: the sleep is on the
/// clock before the sleeping task suspends, with no hop to the global
/// executor first. ``/ReduxKitLinuxTesting/TestClock`` and
/// ``/ReduxKitLinuxTesting/ImmediateClock`` adopt it.
///
/// Why it matters: an effect starts inside the dispatch that started it and
/// runs there up to its first suspension. When that suspension is a sleep on a
/// test clock, the test moves the clock right after `dispatch` returns, and
/// the sleep must already be waiting then. `Clock`'s own `sleep(until:)` and
/// `sleep(for:)` are plain `async` functions, which a caller on an actor
/// reaches only after a hop to the global executor: the dispatch returns
/// before the sleep is registered, and an advance made at once misses it on
/// some runs. A clock adopting this protocol registers its sleep in place,
/// and this product's `Clock.sleep(for:tolerance:)` (which code
/// that imports it calls) sleeps on it without the hop.
public protocol InPlaceSleepingClock: Clock where Duration == Swift.Duration {
    /// Waits until the clock reaches `deadline`, registering the sleep before
    /// the caller suspends (see ``InPlaceSleepingClock``).
    ///
    /// - Parameters:
    ///   - deadline: When to wake.
    ///   - tolerance: How late the clock may wake the sleep.
    /// - Throws: `CancellationError` if the task is cancelled first.
    nonisolated(nonsending) func sleepInPlace(until deadline: Instant, tolerance: Duration?) async throws
}

extension InPlaceSleepingClock {
    /// Waits `duration` from the clock's `now`, registering the sleep before
    /// the caller suspends.
    ///
    /// - Parameters:
    ///   - duration: How long to wait.
    ///   - tolerance: How late the clock may wake the sleep.
    /// - Throws: `CancellationError` if the task is cancelled first.
    nonisolated(nonsending) public func sleepInPlace(for duration: Duration, tolerance: Duration? = nil)
        async throws
    {
        try await sleepInPlace(until: now.advanced(by: duration), tolerance: tolerance)
    }
}

extension Clock where Duration == Swift.Duration {
    /// Waits `duration` on this clock (as `Clock`'s own `sleep(for:tolerance:)`),
    /// starting on the caller's executor: on an ``InPlaceSleepingClock`` (a
    /// test clock), the sleep is registered before the caller suspends, so an
    /// effect that sleeps at its start is on the clock when the dispatch that
    /// started it returns.
    ///
    /// Code that imports this product calls this one for
    /// `clock.sleep(for:)` (it is the more specific of the two); other clocks
    /// sleep as they always do, through `sleep(until:tolerance:)`.
    ///
    /// ```swift
    /// try await context.dependencies.clock.sleep(for: .seconds(1))
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How long to wait.
    ///   - tolerance: How late the clock may wake the sleep.
    /// - Throws: `CancellationError` if the task is cancelled first.
    nonisolated(nonsending) public func sleep(for duration: Duration, tolerance: Duration? = nil) async throws {
        if let inPlace = self as? any InPlaceSleepingClock {
            try await inPlace.sleepInPlace(for: duration, tolerance: tolerance)
        } else {
            try await sleep(until: now.advanced(by: duration), tolerance: tolerance)
        }
    }

    /// Waits until the clock reaches `deadline`, starting on the caller's
    /// executor when this is an ``InPlaceSleepingClock``.
    nonisolated(nonsending) func sleepInPlaceIfItCan(until deadline: Instant) async throws {
        if let inPlace = self as? any InPlaceSleepingClock {
            try await Self.sleep(inPlace, until: deadline)
        } else {
            try await sleep(until: deadline, tolerance: nil)
        }
    }

    /// Sleeps on `clock`, which is this clock (so `deadline` is one of its instants).
    nonisolated(nonsending) private static func sleep<C: InPlaceSleepingClock>(_ clock: C, until deadline: Instant)
        async throws
    {
        try await clock.sleepInPlace(until: deadline as! C.Instant, tolerance: nil)
    }
}
