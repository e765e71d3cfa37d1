import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The recursive lock that serialises everything a store runs.
///
/// Built for the dispatch hot path: a pthread mutex (which the thread
/// sanitizer understands, unlike `Synchronization.Mutex` on Linux) made
/// recursive by hand, with the owning thread and depth in relaxed atomics. A
/// thread can only ever read its own id as `owner` if it wrote it while holding
/// the mutex, so the relaxed check is exact. On Linux the mutex is adaptive: a
/// contended lock spins briefly before sleeping, which keeps two dispatching
/// threads from handing the lock back and forth through the kernel.
@usableFromInline
package final class StoreLock: Sendable {
    // `mutex` is only used through pthread calls; `owner` and `depth` are atomics.
    @usableFromInline nonisolated(unsafe) let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let owner = Atomic<UInt>(0)
    @usableFromInline let depth = Atomic<Int>(0)

    package init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if canImport(Glibc)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        #endif
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// A number that identifies the calling thread while it runs.
    @inlinable
    package static var currentThread: UInt {
        #if canImport(Glibc)
            UInt(pthread_self())
        #else
            UInt(bitPattern: pthread_self())
        #endif
    }

    /// Takes the lock, or counts one more level if this thread already holds it.
    @inlinable
    package func lock() {
        let thread = Self.currentThread
        if owner.load(ordering: .relaxed) == thread {
            depth.store(depth.load(ordering: .relaxed) + 1, ordering: .relaxed)
            return
        }
        pthread_mutex_lock(mutex)
        owner.store(thread, ordering: .relaxed)
        depth.store(1, ordering: .relaxed)
    }

    /// Takes the lock if no other thread holds it, without waiting.
    ///
    /// - Returns: Whether the lock was taken (then `unlock()` releases it).
    package func tryLock() -> Bool {
        let thread = Self.currentThread
        if owner.load(ordering: .relaxed) == thread {
            depth.store(depth.load(ordering: .relaxed) + 1, ordering: .relaxed)
            return true
        }
        guard pthread_mutex_trylock(mutex) == 0 else { return false }
        owner.store(thread, ordering: .relaxed)
        depth.store(1, ordering: .relaxed)
        return true
    }

    /// Releases one level; the last one releases the mutex.
    @inlinable
    package func unlock() {
        let remaining = depth.load(ordering: .relaxed) - 1
        depth.store(remaining, ordering: .relaxed)
        if remaining == 0 {
            owner.store(0, ordering: .relaxed)
            pthread_mutex_unlock(mutex)
        }
    }
}
