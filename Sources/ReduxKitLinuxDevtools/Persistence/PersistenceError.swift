import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a saved state could not be used, or a save failed.
///
/// A ``Persistence`` given no `onError` writes each of these to standard error,
/// one line each, prefixed `ReduxKitLinux Persistence:`.
public struct PersistenceError: Error, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The file could not be read (a read error such as no free file
        /// descriptors, no permission, an I/O error). The file is left as it
        /// is, the store starts from its default state, and saving stops so
        /// nothing overwrites the file.
        case unreadable
        /// The file is not a saved state (truncated, garbage, the wrong shape).
        case corrupt
        /// The file comes from a newer version of the app.
        case newerVersion(Int)
        /// The file comes from an older version, and no migration was given.
        case olderVersionWithoutMigration(Int)
        /// The migration from this older version failed.
        case migrationFailed(Int)
        /// The unusable file could not be moved aside; saving has stopped so it is kept.
        case couldNotSetAside
        /// Writing the state failed (an unwritable or missing directory, a full
        /// disk); the state is tried again at the next save.
        case saveFailed
        /// The state could not be encoded (for example a `Double.nan`, or a
        /// `Decimal.nan`, which `JSONEncoder` would write as the non-JSON `NaN`), so it was not saved; the file keeps the last state
        /// that could be.
        case encodingFailed
        /// Another ``Persistence``, in this process or another one, already
        /// keeps this file. This one neither reads nor writes it: the store
        /// starts from its default state and nothing it does is saved.
        case fileInUse
        /// The state file (or what its symbolic link points to) exists but is
        /// not a regular file, such as a directory. It is left alone, and
        /// nothing is saved.
        case notARegularFile
    }

    /// What went wrong.
    public let kind: Kind
    /// The state file.
    public let file: URL
    /// Where the unusable file was moved, if it was.
    public let keptAsideAt: URL?
    /// The error underneath, if any.
    public let underlying: (any Error)?

    init(kind: Kind, file: URL, keptAsideAt: URL? = nil, underlying: (any Error)?) {
        self.kind = kind
        self.file = file
        self.keptAsideAt = keptAsideAt
        self.underlying = underlying
    }

    /// The error in one line: what went wrong, the file's name, what happens
    /// now, where the file was kept aside and the error underneath, when there
    /// are any.
    public var description: String {
        let aside = keptAsideAt.map { "; kept aside as \($0.lastPathComponent)" } ?? ""
        let cause = underlying.map { ": \(Self.describe($0))" } ?? ""
        let line = "\(kind) (\(file.lastPathComponent))\(consequence)\(aside)\(cause)"
        return line.replacingOccurrences(of: "\n", with: " ")
    }

    /// A system error as its name and message (`ENOENT: No such file or
    /// directory`), any other error as it describes itself.
    private static func describe(_ error: any Error) -> String {
        guard let posix = error as? POSIXError else { return "\(error)" }
        return "errno \(posix.code.rawValue): \(String(cString: strerror(posix.code.rawValue)))"
    }

    /// What the ``Persistence`` does about it, for ``description``.
    private var consequence: String {
        switch kind {
        case .unreadable: " — left as it is; saving is stopped so nothing overwrites it"
        case .couldNotSetAside: " — saving is stopped so the file is kept"
        case .fileInUse:
            " — another Persistence, in this process or another, keeps this file; this one does not read or save it"
        case .notARegularFile: " — not a regular file; left alone, and nothing is saved"
        case .encodingFailed: " — this state cannot be encoded; the file keeps the last state that could"
        case .corrupt, .newerVersion, .olderVersionWithoutMigration, .migrationFailed, .saveFailed: ""
        }
    }

    /// What a ``Persistence`` does with an error when it is given no `onError`:
    /// writes it to standard error as one line prefixed
    /// `ReduxKitLinux Persistence:`, in one `write(2)` so lines from several
    /// threads never mix.
    @usableFromInline static func writeToStandardError(_ error: PersistenceError) {
        let line = "ReduxKitLinux Persistence: \(error.description) [\(error.file.path)]\n"
        let bytes = Array(line.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                write(2, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 && errno == EINTR { continue }
            if result <= 0 { return }
            written += result
        }
    }
}
