import Foundation
import ReduxKitLinux

extension TestClock {
    /// Returns once at least `count` sleeps wait on the clock (at once if they
    /// already do), or when the waiting task is cancelled: how a test waits,
    /// without polling, for the code under test to reach its sleep.
    ///
    /// A wait that `timeout` (wall-clock time: this clock moves only when the
    /// test moves it) does not see satisfied fails the test, saying how many
    /// sleeps it waited for and how many there are, and returns, so a test
    /// whose code never sleeps ends instead of hanging.
    ///
    /// - Parameters:
    ///   - count: How many sleeps to wait for.
    ///   - timeout: How long to wait at most, on the wall clock (10 seconds by default).
    ///   - fileID: Where the wait is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    public func waitForSleepers(
        _ count: Int = 1, timeout: Duration = .seconds(10),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        if sleeping >= count { return }
        let satisfied = await withTaskGroup(of: Bool?.self) { group in
            group.addTask {
                await self.parkUntilSleeping(count)
                return true
            }
            group.addTask {
                await sleepUnlessCancelled(on: ContinuousClock(), for: timeout)
                return false
            }
            // The first to end decides; nil when the waiting task was cancelled.
            let first = await group.next() ?? nil
            group.cancelAll()
            return Task.isCancelled ? nil : first
        }
        let (sleeping, now, sleepCalls, nextDeadline) = status.withLock { status in
            (status.sleepers.count, status.now, status.sleepCalls, status.sleepers.values.map(\.deadline).min())
        }
        guard satisfied == false, sleeping < count else { return }
        failTest(
            TestStoreFailure.sleepersTimedOut(
                awaited: count, within: timeout, sleeping: sleeping, now: now.offset, sleepCalls: sleepCalls,
                nextDeadline: nextDeadline?.offset),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Returns once at least `count` sleeps wait on the clock, or when the
    /// waiting task is cancelled.
    private func parkUntilSleeping(_ count: Int) async {
        let id = status.withLock { status in
            defer { status.nextID &+= 1 }
            return status.nextID
        }
        defer { status.withLock { _ = $0.cancelledWaits.remove(id) } }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = status.withLock { status -> Bool in
                    if status.cancelledWaits.remove(id) != nil || status.sleepers.count >= count { return true }
                    status.waiters[id] = SleeperWaiter(count: count, continuation: continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let parked = status.withLock { status in
                let parked = status.waiters.removeValue(forKey: id)
                if parked == nil { status.cancelledWaits.insert(id) }
                return parked
            }
            parked?.continuation.resume()
        }
    }

    /// Removes the waiters that enough sleeps now satisfy.
    static func satisfiedWaiters(_ status: inout Status) -> [SleeperWaiter] {
        let count = status.sleepers.count
        let ready = status.waiters.filter { $0.value.count <= count }
        for id in ready.keys { status.waiters.removeValue(forKey: id) }
        return Array(ready.values)
    }
}
