#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a store's changes wait for a ``Persistence`` to save them: the newest
/// state and a change counter, behind a lock.
///
/// This is all a change costs: no timer, no queue, no task per change. The
/// store's subscriber takes the lock, stores the state, bumps the counter and
/// lets go; the one saver task wakes on its own clock (it is woken here only
/// when it sleeps with nothing to save, once per save at most).
///
/// The lock is a pthread mutex (which the thread sanitizer understands, unlike
/// `Synchronization.Mutex` on Linux), used directly so the specialised hot
/// path is a lock, two stores and an unlock.
@usableFromInline
final class PersistenceChanges<State: Sendable>: @unchecked Sendable {
    // Why no race is possible: every `var` is read and written only with
    // `mutex` held, and what leaves the lock (a state, a count) is `Sendable`.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The newest state not yet taken for a save.
    @usableFromInline @exclusivity(unchecked) var pending: State?
    /// Counts the changes.
    @usableFromInline @exclusivity(unchecked) var generation: UInt64 = 0
    /// The log position the pending state follows, with crash recovery
    /// (``CrashRecovery``): the action log's entries it includes.
    @exclusivity(unchecked) var pendingMarker: PersistenceLogMarker?
    /// The value of `generation` when a save last took the state.
    @exclusivity(unchecked) var taken: UInt64 = 0
    /// The saver, while it waits for a change.
    @exclusivity(unchecked) var waiter: CheckedContinuation<Bool, Never>?
    /// Whether `waiter` is set. The hot path reads this flag rather than the
    /// continuation: an optional continuation is copied through its generic
    /// value witnesses, which cost more than the rest of a change.
    @usableFromInline @exclusivity(unchecked) var saverWaits = false
    /// Whether saving has ended: the saver stops waiting.
    @exclusivity(unchecked) var closed = false

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Records `state` as the newest one to save. Called by the store's
    /// subscriber, on every change.
    @inlinable
    func changed(_ state: State) {
        pthread_mutex_lock(mutex)
        pending = state
        generation &+= 1
        let wake = saverWaits
        pthread_mutex_unlock(mutex)
        if wake { wakeSaver() }
    }

    /// Records `state` as the newest one to save, with the log position it
    /// follows: what crash recovery's observer calls on every reduction.
    func changed(_ state: State, marker: PersistenceLogMarker) {
        pthread_mutex_lock(mutex)
        pending = state
        pendingMarker = marker
        generation &+= 1
        let wake = saverWaits
        pthread_mutex_unlock(mutex)
        if wake { wakeSaver() }
    }

    /// Resumes the waiting saver, if it still waits (``close()`` may have
    /// resumed it meanwhile). No other waiter can have come: the saver waits
    /// only for a change, and this one has come.
    @usableFromInline func wakeSaver() {
        pthread_mutex_lock(mutex)
        let waiter = self.waiter
        self.waiter = nil
        saverWaits = false
        pthread_mutex_unlock(mutex)
        waiter?.resume(returning: true)
    }

    /// The change count now.
    var count: UInt64 {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return generation
    }

    /// Takes the newest state for a save (`nil` if none is waiting) with its
    /// change count; the saver then waits for a later change.
    func take() -> (state: State?, marker: PersistenceLogMarker?, generation: UInt64) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let state = pending
        pending = nil
        taken = generation
        return (state, pendingMarker, generation)
    }

    /// Gives back a state a save could not write, unless a newer one came
    /// meanwhile: the next explicit save (a flush, the store's end, the
    /// process's exit) tries it again. The saver is not woken for it.
    func putBack(_ state: State, generation: UInt64) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if self.generation == generation, case .none = pending { pending = state }
    }

    /// Waits until there is a change no save has taken yet.
    ///
    /// - Returns: `false` once saving has ended.
    func waitForChange() async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            pthread_mutex_lock(mutex)
            let ready: Bool? = closed ? false : generation != taken ? true : nil
            if ready == nil {
                waiter = continuation
                saverWaits = true
            }
            pthread_mutex_unlock(mutex)
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Ends saving: a waiting saver returns, and later ones return at once.
    func close() {
        pthread_mutex_lock(mutex)
        closed = true
        let waiter = self.waiter
        self.waiter = nil
        saverWaits = false
        pthread_mutex_unlock(mutex)
        waiter?.resume(returning: false)
    }
}
