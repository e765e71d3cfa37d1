import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An action log's open file: a regular file, never reached through a symbolic
/// link, appended to, and locked for this writer alone.
///
/// The lock is `flock(LOCK_EX | LOCK_NB)` on a sidecar file, `.<name>.lock`
/// beside the log, held until the log closes: a second log opening the same
/// file, in this process or another, is refused before it writes anything, and
/// the lock stays put while rotation renames the log's files. (A writer that
/// ignores advisory locks is not stopped.)
///
/// The log and its lock file are created `0600`, like the state file
/// (``PrivateFile``); a log that exists keeps its permissions, and so do
/// its rotated files, which are renamed. The new file a rotation starts gets
/// the permissions (and owner, when allowed) of the file rotated away, not
/// `0600`: a log someone made readable to a group (`chmod 640`) stays so
/// across rotations, instead of changing on its own at the first one.
struct ActionLogFile: Sendable {
    /// The log file, open for appending.
    private(set) var descriptor: Int32
    /// The sidecar file holding the lock.
    let lockDescriptor: Int32
    /// The lock file's identity, to find the log writing a path (see
    /// ``ActionLogSinks/drainWriters(of:)``): it stays the same across rotations.
    let identity: Identity
    /// The file's size now (what was there when it was opened, and what was written since).
    private(set) var size: Int
    /// Whether the file, when opened, ended in the middle of a line (a writer
    /// killed while writing it).
    let endedTorn: Bool
    /// The log's path.
    let url: URL

    /// A file's device and inode.
    struct Identity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64

        /// The identity of the lock file of the log at `url`; `nil` if there is none.
        init?(ofLogAt url: URL) {
            var status = stat()
            guard stat(ActionLogFile.lockPath(of: url), &status) == 0 else { return nil }
            self.init(status)
        }

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// The path of the lock file of the log at `url`.
    static func lockPath(of url: URL) -> String {
        let directory = url.deletingLastPathComponent().path
        return (directory.hasSuffix("/") ? directory : directory + "/") + "." + url.lastPathComponent + ".lock"
    }

    /// Locks the log at `url`, then opens it for appending (creating it if needed).
    ///
    /// - Throws: The reason it cannot be used; nothing was written then.
    static func opening(_ url: URL) throws(ActionLogWriteError.Reason) -> ActionLogFile {
        let lock = PrivateFile.openOrCreate(lockPath(of: url), flags: O_RDWR)
        guard lock >= 0 else {
            let code = errno
            if code == ELOOP { throw .symbolicLink }
            throw .cannotOpen(details: "cannot open its lock file: " + describe(code))
        }
        var lockStatus = stat()
        guard fstat(lock, &lockStatus) == 0, lockBriefly(lock) else {
            let code = errno
            _ = close(lock)
            if code == EWOULDBLOCK { throw .fileInUse }
            throw .cannotOpen(details: "cannot lock it: " + describe(code))
        }
        do {
            let (descriptor, size, endedTorn) = try openForAppending(url)
            return ActionLogFile(
                descriptor: descriptor, lockDescriptor: lock, identity: Identity(lockStatus), size: size,
                endedTorn: endedTorn, url: url)
        } catch {
            _ = close(lock)
            throw error
        }
    }

    /// Takes the lock, trying again for up to about 100 ms while it is held:
    /// a process this one is spawning holds a copy of the lock file's
    /// descriptor from its fork to its exec (the descriptor is close-on-exec),
    /// and with it the lock. A second log holds it for good, and is refused.
    private static func lockBriefly(_ descriptor: Int32) -> Bool {
        for attempt in 0..<50 {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
            guard errno == EWOULDBLOCK, attempt < 49 else { return false }
            usleep(2_000)
        }
        return false
    }

    /// Opens `url` for appending, creating it with `permissions` if there is
    /// none: its descriptor, its size, and whether its last byte is not a newline.
    private static func openForAppending(
        _ url: URL, creatingWith permissions: PrivateFile.Permissions = .new
    ) throws(ActionLogWriteError.Reason) -> (Int32, Int, Bool) {
        let descriptor = PrivateFile.openOrCreate(url.path, flags: O_RDWR | O_APPEND, creatingWith: permissions)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw .symbolicLink }
            throw .cannotOpen(details: describe(code))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            _ = close(descriptor)
            throw .cannotOpen(details: describe(code))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            _ = close(descriptor)
            throw .notARegularFile
        }
        let size = Int(status.st_size)
        var last: UInt8 = UInt8(ascii: "\n")
        if size > 0 && pread(descriptor, &last, 1, off_t(size - 1)) != 1 {
            let code = errno
            _ = close(descriptor)
            throw .cannotOpen(details: "cannot read its end: " + describe(code))
        }
        return (descriptor, size, last != UInt8(ascii: "\n"))
    }

    /// Writes all of `bytes`, retrying partial writes and interruptions.
    ///
    /// - Throws: The system's reason, as text, once a write fails.
    mutating func append(_ bytes: [UInt8]) throws(ActionLogWriteError.Reason) {
        let descriptor = self.descriptor
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
        size += bytes.count
    }

    /// Asks the system to write the file to the disk (`fsync`).
    func sync() throws(ActionLogWriteError.Reason) {
        guard fsync(descriptor) == 0 else { throw .writeFailed(details: "fsync: " + Self.describe(errno)) }
    }

    /// Moves the file aside as `url.1` (the older ones one place on, the one
    /// past `keep` deleted) and opens a new, empty file at `url`, with the
    /// permissions of the file moved aside.
    mutating func rotate(keeping keep: Int) throws(ActionLogWriteError.Reason) {
        var status = stat()
        let permissions = fstat(descriptor, &status) == 0 ? PrivateFile.Permissions(of: status) : .new
        let manager = FileManager.default
        try? manager.removeItem(at: ActionLogRotation.rotatedFile(url, keep + 1))
        if keep == 0 {
            _ = unlink(url.path)
        } else {
            try? manager.removeItem(at: ActionLogRotation.rotatedFile(url, keep))
            for index in stride(from: keep - 1, through: 1, by: -1) {
                _ = rename(
                    ActionLogRotation.rotatedFile(url, index).path, ActionLogRotation.rotatedFile(url, index + 1).path)
            }
            guard rename(url.path, ActionLogRotation.rotatedFile(url, 1).path) == 0 else {
                throw .writeFailed(details: "cannot rotate: " + Self.describe(errno))
            }
        }
        _ = close(descriptor)
        let (descriptor, size, _) = try Self.openForAppending(url, creatingWith: permissions)
        self.descriptor = descriptor
        self.size = size
    }

    /// Closes the file and its lock file, which releases the lock.
    func release() {
        _ = close(descriptor)
        _ = close(lockDescriptor)
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)) + " (errno \(code))"
    }
}
