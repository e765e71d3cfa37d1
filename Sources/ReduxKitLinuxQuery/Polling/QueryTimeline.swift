/// The effects' clock read as the time since the cache's middleware was
/// made: a `Duration` that deadlines can be compared and stored as, whatever
/// the clock's instant type.
struct QueryTimeline: Sendable {
    private let elapsed: @Sendable () -> Duration

    /// Reads `clock` from now on.
    init(clock: any Clock<Duration>) {
        elapsed = Self.reader(of: clock)
    }

    private static func reader<C: Clock>(of clock: C) -> @Sendable () -> Duration where C.Duration == Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    /// The time since the start.
    var now: Duration { elapsed() }
}
