/// The subscriptions of a shared store's `states` streams whose removal a
/// task of its own does, because the store's lock was busy when the consumer
/// went (see ``SharedStore/states(bufferingPolicy:)``): kept while they run, so
/// that ``waitUntilDone()`` can await them (the tests wait for the removals
/// this way, on their end rather than by polling).
///
/// A task leaves the table when it has removed its subscription, so the table
/// holds only the tasks still running.
package final class DeferredDisposals: Sendable {
    private struct Table: Sendable {
        var running: [UInt64: Task<Void, Never>] = [:]
        var nextKey: UInt64 = 0
    }

    private let table = Locked(Table())

    package init() {}

    /// Disposes `subscription` in a task of its own, which waits for the
    /// store's lock. Never waits itself (it is called where waiting for the
    /// store's lock could deadlock); the table's own lock is held only for
    /// moments and never while calling out.
    package func dispose(_ subscription: some ReduxDisposable & Sendable) {
        table.withLock { table in
            let key = table.nextKey
            table.nextKey &+= 1
            // Inserted before the task can remove it: the task's removal waits
            // for this lock.
            table.running[key] = Task.detached { [self] in
                subscription.dispose()
                _ = self.table.withLock { $0.running.removeValue(forKey: key) }
            }
        }
    }

    /// Returns once every removal started so far (and any started meanwhile)
    /// has ended.
    package func waitUntilDone() async {
        while let next = table.withLock({ $0.running.values.first }) { await next.value }
    }
}
