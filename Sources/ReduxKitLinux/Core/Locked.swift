#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a lock, for state shared between threads outside a store.
/// Used by every product of the package (effects, devtools, test tools).
///
/// It uses a pthread mutex rather than `Synchronization.Mutex`: on Linux the
/// thread sanitizer cannot see `Mutex`'s futex-based locking and reports races
/// that are not there, while it understands pthread mutexes, so the sanitizer
/// runs in CI stay meaningful. (No Foundation: the core product does not import it.)
package final class Locked<Value: Sendable>: @unchecked Sendable {
    // Why no race is possible: `value` is read and written only with `mutex` held,
    // and it is `Sendable`, so what `withLock` hands out may cross threads. The
    // mutex itself is only touched through pthread calls, from `init` to `deinit`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A lock guarding `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value with the lock held. `body` must not call out to
    /// code that could take this lock again.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
