import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An action log's open file: a regular file, never reached through a symbolic
/// link, locked for this writer alone, and emptied.
///
/// The lock is `flock(LOCK_EX | LOCK_NB)` on the open file, held until the
/// file is closed: a second log opening the same file, in this process or
/// another, is refused before it empties or writes anything. (A writer that
/// ignores advisory locks is not stopped.)
struct ActionLogFile: Sendable {
    let descriptor: Int32
    /// The file's identity, to find the log writing a path (see
    /// ``ActionLogSinks/drainWriters(of:)``).
    let identity: Identity

    /// A file's device and inode.
    struct Identity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64

        /// The identity of the file at `url` (following symbolic links, as
        /// reading it does); `nil` if there is none.
        init?(of url: URL) {
            var status = stat()
            guard stat(url.path, &status) == 0 else { return nil }
            self.init(status)
        }

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// Opens `url` for writing (creating it if needed), locks it and empties it.
    ///
    /// - Throws: The reason it cannot be used; nothing was changed then.
    static func opening(_ url: URL) throws(ActionLogWriteError.Reason) -> ActionLogFile {
        let descriptor = url.path.withCString {
            open($0, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw .symbolicLink }
            throw .cannotOpen(details: Self.describe(code))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            _ = close(descriptor)
            throw .cannotOpen(details: Self.describe(code))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            _ = close(descriptor)
            throw .notARegularFile
        }
        // Locked before it is emptied, so a refused second writer changes nothing.
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            _ = close(descriptor)
            if code == EWOULDBLOCK { throw .fileInUse }
            throw .cannotOpen(details: "cannot lock it: " + Self.describe(code))
        }
        guard ftruncate(descriptor, 0) == 0 else {
            let code = errno
            _ = close(descriptor)
            throw .cannotOpen(details: "cannot empty it: " + Self.describe(code))
        }
        return ActionLogFile(descriptor: descriptor, identity: Identity(status))
    }

    /// Writes all of `bytes`, retrying partial writes and interruptions.
    ///
    /// - Throws: The system's reason, as text, once a write fails.
    func append(_ bytes: [UInt8]) throws(ActionLogWriteError.Reason) {
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure { throw .writeFailed(details: Self.describe(failure)) }
    }

    /// Closes the file, which releases the lock.
    func release() {
        _ = close(descriptor)
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)) + " (errno \(code))"
    }
}
