import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One writer per state file, enforced: a POSIX record lock
/// (`fcntl(F_SETLK, F_WRLCK)`) on a sidecar file `.<name>.lock` beside the
/// state file (opened with `O_NOFOLLOW`, so a symbolic link planted there is
/// refused), plus a table of the lock files this process holds.
///
/// A ``Persistence`` takes the lock when its store is created and holds it for
/// its whole life: until it is freed with its store, or the process ends (the
/// kernel releases the locks of a process that dies, even by `kill -9`). A
/// second ``Persistence`` of the same file, here or in another process, is
/// refused with ``PersistenceError/Kind/fileInUse``.
///
/// Why record locks and a table, not `flock`: a `flock` belongs to the open
/// file description, which a child process started by `fork` or `posix_spawn`
/// shares until it calls `exec`. A lock released while another thread was
/// starting a process stayed held by the child for that moment, so a
/// Persistence created right after the first one was freed could be refused
/// (measured: 1,833 of 20,000 lock, unlock, relock rounds with a thread
/// spawning `/bin/true`; 0 with record locks). Record locks belong to the
/// process and are not inherited. They do not conflict within one process,
/// which the table does; and closing any descriptor of the locked file
/// releases them, so a descriptor opened to find the file already held here
/// is kept (parked) until the holder releases, never closed before.
///
/// The lock is advisory: it keeps ``Persistence``s apart, not other programs
/// that write the file, and it is only as reliable as the file system's record
/// locks (local file systems are fine; some network file systems are not). The
/// sidecar file is left in place: removing it could let two writers lock two
/// different files.
enum PersistenceFileLock {
    /// Why the lock was not taken.
    enum Failure: Error {
        /// Another ``Persistence``, here or in another process, keeps the file.
        case held
        /// The lock file could not be opened or locked (a missing or
        /// unwritable directory).
        case failed(POSIXError)
    }

    /// Takes the lock of `target`, without waiting.
    ///
    /// - Returns: The lock file's descriptor, to pass to ``release(_:)``.
    static func acquire(_ target: PersistenceTarget) -> Result<Int32, Failure> {
        held.withLock { table in
            // Held here already: refused without opening it (see `park`).
            var existing = stat()
            if lstat(target.lockPath, &existing) == 0, table[LockedFile(existing)] != nil { return .failure(.held) }
            // Created 0600 (an existing one keeps its permissions), never through a link.
            let descriptor = PrivateFile.openOrCreate(target.lockPath, flags: O_RDWR)
            guard descriptor >= 0 else { return .failure(.failed(PersistenceAtomicFile.lastError())) }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else {
                let failure = PersistenceAtomicFile.lastError()
                close(descriptor)
                return .failure(.failed(failure))
            }
            let file = LockedFile(status)
            if table[file] != nil {
                // Replaced between the lstat and the open: closing this
                // descriptor would release the holder's record lock.
                table[file]?.parked.append(descriptor)
                return .failure(.held)
            }
            var request = flock()
            request.l_type = Int16(F_WRLCK)
            request.l_whence = Int16(SEEK_SET)
            while fcntl(descriptor, F_SETLK, &request) != 0 {
                if errno == EINTR { continue }
                let failure: Failure =
                    errno == EACCES || errno == EAGAIN ? .held : .failed(PersistenceAtomicFile.lastError())
                close(descriptor)  // this process holds no lock on the file: nothing is released
                return .failure(failure)
            }
            table[file] = Holder(descriptor: descriptor)
            return .success(descriptor)
        }
    }

    /// Releases a lock ``acquire(_:)`` took.
    static func release(_ descriptor: Int32) {
        held.withLock { table in
            guard let entry = table.first(where: { $0.value.descriptor == descriptor }) else { return }
            table[entry.key] = nil
            for parked in entry.value.parked { close(parked) }
            close(descriptor)
        }
    }

    /// A lock file: its device and inode.
    private struct LockedFile: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// The descriptor holding a lock, and the descriptors of the same file
    /// opened while it was held, closed with it.
    private struct Holder: Sendable {
        let descriptor: Int32
        var parked: [Int32] = []
    }

    /// The lock files this process holds (behind the package's pthread lock).
    private static let held = Locked<[LockedFile: Holder]>([:])
}
