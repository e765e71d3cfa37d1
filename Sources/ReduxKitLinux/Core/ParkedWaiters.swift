/// Tasks parked until the owner of some locked state wakes them, each woken
/// exactly once: by the owner (``take(where:)``, ``takeOldest()``), or by its
/// own cancellation, whether that comes before or after it parked.
///
/// It lives inside the state a ``Locked`` guards, so deciding to park and
/// parking happen under one lock with the owner's other state; waiting goes
/// through ``Locked/park(in:tag:whenCancelled:readyNow:)``. The one subtle
/// case, a cancellation that runs before the task has parked, is handled here
/// once: the cancellation leaves a mark, and the task finds it instead of
/// parking (the package's test clock, effect tracker, test store recorder and
/// test fixtures all wait this way).
package struct ParkedWaiters<Value: Sendable, Tag: Sendable>: Sendable {
    /// What a parked task is resumed through.
    package typealias Continuation = CheckedContinuation<Value, Never>

    // Inlinable (with what it reads), so the stores and effects that keep
    // waiters specialise it for their types: unspecialised, making one and
    // taking from one look up generic metadata (tuple and dictionary types)
    // on every call, and an effect's end does both.
    @usableFromInline var parked: [UInt64: (tag: Tag, continuation: Continuation)] = [:]
    /// Waits cancelled before they had parked their continuation.
    @usableFromInline var cancelledBeforeParking: Set<UInt64> = []
    @usableFromInline var nextID: UInt64 = 0

    /// No task parked.
    @inlinable package init() {}

    /// How many tasks are parked.
    @inlinable package var count: Int { parked.count }

    /// The tags of the parked tasks, in no order.
    package var tags: [Tag] { parked.values.map { $0.tag } }

    /// Removes the parked tasks whose tag `isReady` accepts, oldest first, for
    /// the caller to resume once it has let go of the lock.
    @inlinable
    package mutating func take(where isReady: (Tag) -> Bool) -> [(tag: Tag, continuation: Continuation)] {
        if parked.isEmpty { return [] }  // most calls: nobody waits
        let ready = parked.filter { isReady($0.value.tag) }.sorted { $0.key < $1.key }
        for (id, _) in ready { parked.removeValue(forKey: id) }
        // A closure, not `\.value`: a key path into a generic type is built
        // anew at run time on every call (demangling its type), and this runs
        // at the end of every effect.
        return ready.map { $0.value }
    }

    /// Removes the task that parked first, if any.
    package mutating func takeOldest() -> Continuation? {
        guard let id = parked.keys.min() else { return nil }
        return parked.removeValue(forKey: id)?.continuation
    }

    mutating func newID() -> UInt64 {
        defer { nextID &+= 1 }
        return nextID
    }

    /// Whether the wait was cancelled before it parked (the mark is taken).
    mutating func wasCancelled(_ id: UInt64) -> Bool {
        cancelledBeforeParking.remove(id) != nil
    }

    mutating func park(_ id: UInt64, tag: Tag, _ continuation: Continuation) {
        parked[id] = (tag, continuation)
    }

    /// The parked continuation of a cancelled wait, or `nil` after marking the
    /// wait cancelled (it has not parked yet, or the owner took it already).
    mutating func cancel(_ id: UInt64) -> Continuation? {
        if let waiter = parked.removeValue(forKey: id) { return waiter.continuation }
        cancelledBeforeParking.insert(id)
        return nil
    }

    /// Forgets a mark that a cancellation left after the wait had ended.
    mutating func forget(_ id: UInt64) {
        cancelledBeforeParking.remove(id)
    }
}

extension Locked {
    /// Waits in `waiters` until the owner takes this task and resumes it,
    /// giving the value it resumes with; or returns `readyNow`'s value without
    /// waiting when it has one; or `cancelled` once the waiting task is
    /// cancelled (before it parked or after).
    ///
    /// - Parameters:
    ///   - waiters: Where in the locked value the waiters are.
    ///   - tag: What the owner reads to decide when to wake this task.
    ///   - cancelled: What a cancelled wait returns.
    ///   - readyNow: Runs under the lock just before parking (unless the wait
    ///     was cancelled already): a value to return at once instead (the
    ///     condition already holds), or `nil`.
    ///   - afterParking: Runs under the lock right after the task parked
    ///     (the owner's other waiters may now be due); what it returns runs
    ///     once the lock is let go (it resumes them).
    ///   - beforeResumingCancelled: Runs when a cancellation takes the task
    ///     out of `waiters`, just before it resumes it.
    ///   - isolation: Where the caller runs; leave it out. The task parks
    ///     there, before it suspends: a caller on an actor is parked when it
    ///     gives the actor up, with no hop to the global executor first (a
    ///     closure of a `nonisolated(nonsending)` function hops, in Swift 6.3.1,
    ///     unless it names an `isolated` parameter).
    /// - Returns: The value the wait ended with.
    package func park<Result: Sendable, Tag: Sendable>(
        in waiters: WritableKeyPath<Value, ParkedWaiters<Result, Tag>> & Sendable,
        tag: Tag,
        whenCancelled cancelled: Result,
        readyNow: (inout Value) -> Result? = { _ in nil },
        afterParking: (inout Value) -> (() -> Void)? = { _ in nil },
        beforeResumingCancelled: @Sendable () -> Void = {},
        isolation: isolated (any Actor)? = #isolation
    ) async -> Result {
        let id = withLock { $0[keyPath: waiters].newID() }
        // A cancellation noted after the wait ended is forgotten with it.
        defer { withLock { $0[keyPath: waiters].forget(id) } }
        return await withTaskCancellationHandler {
            _ = isolation
            return await withCheckedContinuation { (continuation: CheckedContinuation<Result, Never>) in
                let (now, then) = withLock { value -> (Result?, (() -> Void)?) in
                    if value[keyPath: waiters].wasCancelled(id) { return (cancelled, nil) }
                    if let ready = readyNow(&value) { return (ready, nil) }
                    value[keyPath: waiters].park(id, tag: tag, continuation)
                    return (nil, afterParking(&value))
                }
                if let now { continuation.resume(returning: now) }
                then?()
            }
        } onCancel: {
            guard let parked = withLock({ $0[keyPath: waiters].cancel(id) }) else { return }
            beforeResumingCancelled()
            parked.resume(returning: cancelled)
        }
    }
}
