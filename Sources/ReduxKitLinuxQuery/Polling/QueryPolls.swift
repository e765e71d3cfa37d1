/// The polling of one store's cache: each polled entry's interval (the
/// shortest its subscriptions ask for), the schedule, and whether the one
/// poll loop of the store runs. Kept by the middleware, out of the state.
final class QueryPolls: Sendable {
    private struct Table {
        /// Each polled entry's subscriptions' intervals, by token.
        var intervals: [QueryKey: [UInt64: Duration]] = [:]
        /// When each polled entry's last request settled.
        var settledAt: [QueryKey: Duration] = [:]
        var schedule = QueryPollSchedule()
        /// Bumped at each change of the schedule: the loop's wait ends on it.
        var version: UInt64 = 0
        /// Whether the poll loop runs (or is about to start).
        var loopRuns = false
        /// Whether the poll loop is to start (at the subscribe action that asked for it).
        var startPending = false
    }

    private let table = Locked(Table())

    /// The interval `key` is polled at: the shortest any subscription asks.
    private static func interval(_ table: Table, _ key: QueryKey) -> Duration? {
        table.intervals[key]?.values.min()
    }

    /// Adds subscription `token`'s polling of `key` every `interval`, first at
    /// `now + interval` (or sooner, if scheduled sooner); marks the poll loop
    /// to start if it was not running.
    func add(_ key: QueryKey, token: UInt64, every interval: Duration, now: Duration) {
        table.withLock { table in
            table.intervals[key, default: [:]][token] = interval
            let deadline = (table.settledAt[key] ?? now) + Self.interval(table, key)!
            if table.schedule.deadline(of: key).map({ deadline < $0 }) ?? true {
                table.schedule.schedule(key, at: deadline)
            }
            table.version &+= 1
            if !table.loopRuns {
                table.loopRuns = true
                table.startPending = true
            }
        }
    }

    /// Whether the poll loop is to start now; if so, it is no longer pending.
    /// Whether the poll loop is to start (without claiming it).
    var startIsPending: Bool { table.withLock { $0.startPending } }

    func claimStart() -> Bool {
        table.withLock { table in
            defer { table.startPending = false }
            return table.startPending
        }
    }

    /// Removes subscription `token`'s polling of `key`, if it polled.
    func remove(_ key: QueryKey, token: UInt64) {
        table.withLock { table in
            guard table.intervals[key]?.removeValue(forKey: token) != nil else { return }
            if table.intervals[key]!.isEmpty {
                table.intervals[key] = nil
                table.settledAt[key] = nil
                table.schedule.remove(key)
            } else if let settled = table.settledAt[key], table.schedule.deadline(of: key) != nil {
                // Its interval may have grown: the next poll is one interval after the last answer.
                table.schedule.schedule(key, at: settled + Self.interval(table, key)!)
            }
            table.version &+= 1
        }
    }

    /// A request for `key` settled at `now`: its next poll is one interval later.
    func settled(_ key: QueryKey, now: Duration) {
        table.withLock { table in
            guard let interval = Self.interval(table, key) else { return }
            table.settledAt[key] = now
            table.schedule.schedule(key, at: now + interval)
            table.version &+= 1
        }
    }

    /// The loop's next wait: the earliest deadline (none while every polled
    /// entry's request is in flight: its end reschedules it) and the
    /// schedule's version, or `nil` (and the loop marked stopped) when
    /// nothing is polled.
    func nextWait() -> (deadline: Duration?, shortestInterval: Duration, version: UInt64)? {
        table.withLock { table in
            guard let shortest = table.intervals.values.lazy.compactMap({ $0.values.min() }).min() else {
                table.loopRuns = false
                return nil
            }
            return (table.schedule.earliest(), shortest, table.version)
        }
    }

    /// The schedule's version.
    var version: UInt64 { table.withLock { $0.version } }

    /// Removes and returns the entries due at `now`.
    func takeDue(at now: Duration) -> [QueryKey] {
        table.withLock { table in
            let due = table.schedule.takeDue(at: now)
            if !due.isEmpty { table.version &+= 1 }
            return due
        }
    }
}
