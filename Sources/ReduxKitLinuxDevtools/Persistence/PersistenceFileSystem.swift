import Foundation

/// The file-system calls a ``Persistence`` makes to restore its state, as a
/// seam: tests replace them to make reads fail the way a real system can (no
/// free file descriptors, an I/O error) without breaking the machine.
struct PersistenceFileSystem: Sendable {
    /// Reads the whole file at a path: `nil` if there is no file there; throws
    /// on a read error (the file is then left alone).
    var contents: @Sendable (_ path: String) throws -> Data?

    /// The real file system.
    static let posix = PersistenceFileSystem(contents: { try PersistenceAtomicFile.contents(of: $0) })
}
