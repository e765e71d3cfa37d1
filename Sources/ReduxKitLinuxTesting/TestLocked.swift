import Foundation

/// A value guarded by a lock, for the testing tools' state shared between the
/// test and the effects it runs (the library's own lock box is internal to it).
///
/// It uses `NSLock` rather than `Synchronization.Mutex`, whose locking the
/// thread sanitizer cannot see on Linux.
final class TestLocked<Value: Sendable>: @unchecked Sendable {
    // Why no race is possible: `value` is read and written only with `lock` held,
    // and it is `Sendable`, so what `withLock` hands out may cross threads.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held. `body` must not call out to
    /// code that could take this lock again.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
