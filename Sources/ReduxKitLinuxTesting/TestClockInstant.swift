extension TestClock {
    /// A point on a test clock: how far it was moved from where it started.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        /// How far the clock was moved from its start.
        public var offset: Duration

        /// A point `offset` after the clock's start.
        ///
        /// - Parameter offset: How far from the start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The point `duration` later.
        ///
        /// - Parameter duration: How much later (earlier, if negative).
        /// - Returns: The later point.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// How long from this point to `other`.
        ///
        /// - Parameter other: The other point.
        /// - Returns: The time between them (negative if `other` is earlier).
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        ///
        /// - Parameters:
        ///   - lhs: A point.
        ///   - rhs: Another point.
        /// - Returns: Whether `lhs` is earlier.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }
}
