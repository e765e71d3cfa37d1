import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One writer per state file, enforced: an advisory lock,
/// `flock(LOCK_EX | LOCK_NB)`, on a sidecar file `.<name>.lock` beside the
/// state file (opened with `O_NOFOLLOW`, so a symbolic link planted there is
/// refused).
///
/// A ``Persistence`` takes the lock when its store is created and holds it for
/// its whole life: until it is freed with its store, or the process ends (the
/// kernel releases the lock of a process that dies, even by `kill -9`). Locks
/// taken by two `open`s conflict even within one process, so a second
/// ``Persistence`` of the same file, here or in another process, is refused
/// with ``PersistenceError/Kind/fileInUse``. The lock is advisory: it keeps
/// ``Persistence``s apart, not other programs that write the file, and it is
/// only as reliable as `flock` on the file system (local file systems are
/// fine; some network file systems are not). The sidecar file is left in
/// place: removing it could let two writers lock two different files.
enum PersistenceFileLock {
    /// Why the lock was not taken.
    enum Failure: Error {
        /// Another open file description holds it: another ``Persistence``
        /// keeps the file.
        case held
        /// The lock file could not be opened or locked (a missing or
        /// unwritable directory).
        case failed(POSIXError)
    }

    /// Takes the lock of `target`, without waiting.
    ///
    /// - Returns: The lock file's descriptor, to pass to ``release(_:)``.
    static func acquire(_ target: PersistenceTarget) -> Result<Int32, Failure> {
        var descriptor: Int32
        repeat {
            descriptor = open(target.lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { return .failure(.failed(PersistenceAtomicFile.lastError())) }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let failure: Failure =
                errno == EWOULDBLOCK ? .held : .failed(PersistenceAtomicFile.lastError())
            close(descriptor)
            return .failure(failure)
        }
        return .success(descriptor)
    }

    /// Releases a lock ``acquire(_:)`` took.
    static func release(_ descriptor: Int32) {
        close(descriptor)
    }
}
