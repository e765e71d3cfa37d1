/// A periodic sequence on a clock: the `n`th element comes once the clock
/// reaches `n` intervals after the iteration began (swift-clocks'
/// `clock.timer(interval:)`), so an effect that ticks reads its clock from
/// its dependencies and a test moves time for it.
///
/// ```swift
/// listeners.addListener(for: StartTimer.self) { _, context in
///     for await _ in context.dependencies.clock.timer(interval: .seconds(1)) {
///         _ = await context.dispatch(Tick())
///     }
/// }
/// ```
///
/// The deadlines are counted from the start, not from each wake, so a
/// timer does not drift; a tick that is late (the clock jumped past several
/// deadlines at once) is followed at once by the ticks it skipped, one per
/// period, in order. Iteration ends (`nil`) when the iterating task is
/// cancelled.
public struct ClockTimer: AsyncSequence, Sendable {
    /// The tick's number: 1 for the first, then 2, 3…
    public typealias Element = Int
    /// What the timer cannot throw: it ends instead, when cancelled.
    public typealias Failure = Never

    private let interval: Duration
    /// Starts an iteration: from the clock's `now`, what sleeps until the `n`th deadline.
    private let start: @Sendable () -> nonisolated(nonsending) @Sendable (Int) async throws -> Void

    /// A timer ticking every `interval` on `clock` (made by `clock.timer(interval:)`).
    init<C: Clock>(interval: Duration, clock: C) where C.Duration == Duration {
        guard interval > .zero else { Misuse.fail(EffectsMisuse.clockTimerInterval(interval)) }
        self.interval = interval
        start = {
            let origin = clock.now
            return { tick in try await clock.sleepInPlaceIfItCan(until: origin.advanced(by: interval * tick)) }
        }
    }

    /// Makes an iterator; its ticks count from the clock's `now` at this call.
    ///
    /// - Returns: The iterator.
    public func makeAsyncIterator() -> Iterator {
        Iterator(sleep: start())
    }

    /// Yields the ticks of one iteration.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        private let sleep: nonisolated(nonsending) @Sendable (Int) async throws -> Void
        private var tick = 0

        fileprivate init(sleep: nonisolated(nonsending) @escaping @Sendable (Int) async throws -> Void) {
            self.sleep = sleep
        }

        /// Waits for the next tick.
        ///
        /// - Returns: The tick's number, or `nil` once the task is cancelled.
        nonisolated(nonsending) public mutating func next() async -> Int? {
            await next(isolation: #isolation)
        }

        /// Waits for the next tick, on `actor` (what `for await` calls):
        /// the sleep registers on the clock before anything hops, so a timer
        /// an effect starts inside a dispatch is on a test clock when the
        /// dispatch returns. (The protocol's default form of it calls
        /// `next()` through the protocol's requirement, which hops to the
        /// global executor first.)
        ///
        /// - Parameter actor: Where the caller runs.
        /// - Returns: The tick's number, or `nil` once the task is cancelled.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Int? {
            guard !Task.isCancelled else { return nil }
            do {
                try await sleep(tick + 1)
            } catch {
                return nil
            }
            tick += 1
            return tick
        }
    }
}

extension Clock where Duration == Swift.Duration {
    /// A sequence that ticks every `interval` on this clock (swift-clocks'
    /// `timer(interval:)`); see ``ClockTimer``.
    ///
    /// - Parameter interval: The period (above zero).
    /// - Returns: The timer.
    public func timer(interval: Duration) -> ClockTimer {
        ClockTimer(interval: interval, clock: self)
    }
}
