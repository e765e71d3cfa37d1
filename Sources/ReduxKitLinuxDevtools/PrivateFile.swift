import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the devtools create their files: the state file, the action log,
/// their lock files, the log's rotated files and the inspector page hold an
/// app's state and what its users did, so they are as private as each other.
///
/// A file the devtools create is readable and writable by its owner alone,
/// `0600`, set exactly (`fchmod`, since the mode given to `open(2)` goes
/// through the umask). A file already there keeps the permissions it has:
/// someone chose them. A file that takes the place of another (a state file
/// or an inspector page replaced by a rename, a log's new file after a
/// rotation) gets the permissions, and the owner when allowed, of the one it
/// replaces.
enum PrivateFile {
    /// What a new file gets: its permission bits, and the owner to give it
    /// (`nil`: the writer's own, as for any file it creates).
    struct Permissions: Sendable, Equatable {
        /// The permission bits (`0o777` at most).
        let mode: mode_t
        /// The user and group to give the file, when the system allows.
        let owner: Owner?

        /// A user and a group.
        struct Owner: Sendable, Equatable {
            /// The user.
            let user: uid_t
            /// The group.
            let group: gid_t
        }

        /// A file no other file was in place of: `0600`, the writer's own.
        static let new = Permissions(mode: 0o600, owner: nil)

        /// The permissions and owner of a file the system described.
        init(of status: stat) {
            mode = status.st_mode & 0o777
            owner = Owner(user: status.st_uid, group: status.st_gid)
        }

        /// Permissions given in full.
        init(mode: mode_t, owner: Owner?) {
            self.mode = mode
            self.owner = owner
        }

        /// What a file replacing the one at `path` gets: the permissions and
        /// owner of the regular file there (a symbolic link is not followed),
        /// or ``new`` if there is none.
        static func replacing(_ path: String) -> Permissions {
            var status = stat()
            guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return .new }
            return Permissions(of: status)
        }
    }

    /// Creates a new file at `path`, never an existing one and never through
    /// a symbolic link (`O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC` added to
    /// `flags`), with exactly `permissions`.
    ///
    /// - Returns: The file's descriptor, or `-1` with `errno` set (a file
    ///   created but whose mode could not be set is removed).
    static func create(_ path: String, flags: Int32, permissions: Permissions) -> Int32 {
        var descriptor: Int32
        repeat {
            descriptor = open(path, flags | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions.mode)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { return -1 }
        guard fchmod(descriptor, permissions.mode) == 0 else {
            let code = errno
            close(descriptor)
            unlink(path)
            errno = code
            return -1
        }
        if let owner = permissions.owner, owner.user != geteuid() || owner.group != getegid() {
            // Allowed for root (or a group the user is in); otherwise the new
            // file stays the writer's own, like any file it creates.
            _ = fchown(descriptor, owner.user, owner.group)
        }
        return descriptor
    }

    /// Opens the file at `path` (`O_NOFOLLOW | O_CLOEXEC` added to `flags`: a
    /// symbolic link there fails with `ELOOP`), creating it with exactly
    /// `permissions` if there is none. An existing file is opened as it is:
    /// it keeps its permissions.
    ///
    /// - Returns: The file's descriptor, or `-1` with `errno` set.
    static func openOrCreate(_ path: String, flags: Int32, creatingWith permissions: Permissions = .new) -> Int32 {
        while true {
            let created = create(path, flags: flags, permissions: permissions)
            if created >= 0 || errno != EEXIST { return created }
            var descriptor: Int32
            repeat {
                descriptor = open(path, flags | O_NOFOLLOW | O_CLOEXEC)
            } while descriptor < 0 && errno == EINTR
            // Removed between the two calls: try creating it again.
            if descriptor >= 0 || errno != ENOENT { return descriptor }
        }
    }
}
