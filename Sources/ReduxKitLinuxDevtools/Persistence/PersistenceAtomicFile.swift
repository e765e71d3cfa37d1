import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a ``Persistence`` replaces its file so that a reader, or the next launch
/// after a crash or a power cut, finds the old state or the new one, whole:
///
/// 1. a temporary file with a name of its own (`.<name>.tmp-` and 16 random
///    hexadecimal digits) is created in the file's directory with
///    `open(O_CREAT | O_EXCL | O_NOFOLLOW | O_WRONLY)`: never an existing file,
///    never through a symbolic link planted at that name. It gets the old
///    file's permissions (and owner, when allowed), or `0600` for a new file
///    (``PrivateFile``);
/// 2. the state is written to it in full, and it is `fsync`ed;
/// 3. `rename(2)` puts it in place of the file, atomically;
/// 4. the directory is `fsync`ed, so the rename itself survives a power cut.
///
/// A failure before the rename removes the temporary file; a crash may leave
/// one behind, which the next ``Persistence`` to take the file removes.
///
/// The inspector page (``ActionLogInspector/writePage(forLogAt:to:title:)``)
/// is written the same way.
enum PersistenceAtomicFile {
    /// Replaces the file at `target` with `data`, as described above.
    /// `crashBeforeRename` stops after step 2 and leaves the temporary file, as
    /// a crash there would; `temporaryName` picks the temporary files' names
    /// (both for tests).
    static func replace(
        _ target: PersistenceTarget, with data: Data, crashBeforeRename: Bool = false,
        temporaryName: (() -> String)? = nil
    ) throws {
        let (descriptor, temporary) = try createTemporary(
            permissions: .replacing(target.path), name: temporaryName ?? { target.randomTemporaryPath() })
        do {
            try writeAll(data, to: descriptor)
            guard fsync(descriptor) == 0 else { throw lastError() }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            let error = lastError()
            unlink(temporary)
            throw error
        }
        if crashBeforeRename { return }
        guard rename(temporary, target.path) == 0 else {
            let error = lastError()
            unlink(temporary)
            throw error
        }
        try syncDirectory(target.directory)
    }

    /// Creates a new temporary file, exclusively, named by `name`, with
    /// `permissions` (``PrivateFile/create(_:flags:permissions:)``); tries
    /// other names if one is taken (by anything: a file, a symbolic link).
    private static func createTemporary(
        permissions: PrivateFile.Permissions, name: () -> String
    ) throws -> (descriptor: Int32, path: String) {
        for _ in 0..<16 {
            let path = name()
            let descriptor = PrivateFile.create(path, flags: O_WRONLY, permissions: permissions)
            if descriptor >= 0 { return (descriptor, path) }
            if errno == EEXIST { continue }
            throw lastError()
        }
        throw POSIXError(.EEXIST)
    }

    /// Writes all of `data`, however many `write(2)` calls it takes.
    private static func writeAll(_ data: Data, to descriptor: Int32) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw lastError()
                }
                offset += written
            }
        }
    }

    /// `fsync`s a directory, so the names in it (a rename) are on disk.
    private static func syncDirectory(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw lastError() }
        defer { close(descriptor) }
        // Some file systems cannot sync a directory (EINVAL): nothing more can be done there.
        guard fsync(descriptor) == 0 || errno == EINVAL else { throw lastError() }
    }

    /// Reads the whole regular file at `path` without following a symbolic link
    /// there; `nil` if there is no such file.
    static func contents(of path: String) throws -> Data? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw lastError()
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw lastError() }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw POSIXError(.EISDIR) }
        // Sized once from fstat, then read into in place: no copy on the way.
        var data = Data(count: Int(info.st_size) + 1)
        var length = 0
        while true {
            if length == data.count { data.count += max(data.count, 4096) }
            let count = data.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + length, buffer.count - length)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw lastError()
            }
            if count == 0 { break }
            length += count
        }
        data.count = length
        return data
    }

    /// Removes the temporary files a crash left beside `target`. Called only by
    /// the ``Persistence`` holding the file's lock, so no other writer's file
    /// in progress can be removed.
    static func removeTemporaries(of target: PersistenceTarget) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: target.directory) else { return }
        for entry in entries where target.isTemporary(entry) {
            // unlink(2) removes a symbolic link itself, never what it points to.
            unlink("\(target.directory)/\(entry)")
        }
    }

    /// The error `errno` holds now.
    static func lastError() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
