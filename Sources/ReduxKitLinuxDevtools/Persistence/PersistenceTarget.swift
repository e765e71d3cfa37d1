import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file a ``Persistence`` really reads and replaces: its state file, with
/// symbolic links followed once, when the store is created.
///
/// The symlink policy: a state file that is a symbolic link (or a chain of
/// them) is resolved to what it points to, which must be a regular file or not
/// exist yet. Restoring reads that file, and saves replace it atomically with a
/// temporary file made in *its* directory, so the link stays a link and its
/// target is the file kept up to date. The link is not read again: repointing
/// it while the store lives does not move where the state goes. A target that
/// exists but is not a regular file (a directory, a device, a pipe) is refused
/// with ``PersistenceError/Kind/notARegularFile``.
struct PersistenceTarget: Sendable, Equatable {
    /// The resolved file's path.
    let path: String
    /// Its directory.
    let directory: String
    /// Its last path component.
    let name: String

    /// Links followed at most, as the kernel's own limit: more means a loop.
    static let maximumLinks = 40

    /// Why a state file cannot be resolved to a file to keep.
    enum Failure: Error {
        /// It (or its target) exists and is not a regular file.
        case notARegularFile
        /// Looking at the path failed (a loop of links, no permission).
        case system(POSIXError)
    }

    init(path: String) {
        self.path = path
        if let slash = path.lastIndex(of: "/") {
            let directory = String(path[..<slash])
            self.directory = directory.isEmpty ? "/" : directory
            self.name = String(path[path.index(after: slash)...])
        } else {
            self.directory = "."
            self.name = path
        }
    }

    /// Follows symbolic links from `path` until a regular file or a name that
    /// does not exist (yet).
    static func resolve(_ path: String) throws(Failure) -> PersistenceTarget {
        var current = PersistenceTarget(path: path)
        for _ in 0...maximumLinks {
            var info = stat()
            guard lstat(current.path, &info) == 0 else {
                // No file there (yet): the first save creates it.
                if errno == ENOENT || errno == ENOTDIR { return current }
                throw .system(PersistenceAtomicFile.lastError())
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return current
            case S_IFLNK: current = try current.followingLink(size: Int(info.st_size))
            default: throw .notARegularFile
            }
        }
        throw .system(POSIXError(.ELOOP))
    }

    /// What the symbolic link at `path` points to; a relative link is read
    /// from the link's directory.
    private func followingLink(size: Int) throws(Failure) -> PersistenceTarget {
        var buffer = [CChar](repeating: 0, count: max(size, 255) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { throw .system(PersistenceAtomicFile.lastError()) }
        let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if destination.hasPrefix("/") { return PersistenceTarget(path: destination) }
        return PersistenceTarget(path: directory == "/" ? "/\(destination)" : "\(directory)/\(destination)")
    }

    /// The sidecar file whose advisory lock marks this file as kept by one
    /// ``Persistence``: `.<name>.lock` beside it.
    var lockPath: String { "\(directory)/.\(name).lock" }

    /// How the names of this file's temporary files start: `.<name>.tmp-`,
    /// followed by 16 random hexadecimal digits.
    var temporaryPrefix: String { ".\(name).tmp-" }

    /// A fresh temporary file name in the same directory.
    func randomTemporaryPath() -> String {
        let random = UInt64.random(in: .min ... .max)
        let digits = String(random, radix: 16)
        return "\(directory)/\(temporaryPrefix)\(String(repeating: "0", count: 16 - digits.count))\(digits)"
    }

    /// Whether `entry` (a name in this file's directory) is one of its
    /// temporary files, or the fixed temporary name earlier versions used.
    func isTemporary(_ entry: String) -> Bool {
        if entry == ".\(name).tmp" { return true }
        guard entry.hasPrefix(temporaryPrefix) else { return false }
        let suffix = entry.dropFirst(temporaryPrefix.count)
        return suffix.count == 16 && suffix.allSatisfy(\.isHexDigit)
    }
}
