import Foundation

/// A value guarded by a lock, for state shared between threads outside a store.
///
/// It uses `NSLock` rather than `Synchronization.Mutex`: on Linux the thread
/// sanitizer cannot see `Mutex`'s futex-based locking and reports races that are
/// not there, while it understands the pthread mutex under `NSLock`, so the
/// sanitizer runs in CI stay meaningful.
final class Locked<Value: Sendable>: @unchecked Sendable {
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
