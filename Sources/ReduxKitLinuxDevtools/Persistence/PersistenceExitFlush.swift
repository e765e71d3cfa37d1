#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Saves every live ``Persistence``'s pending changes when the process exits
/// normally: `exit(_:)`, or returning from the top-level code. An `atexit`
/// hook, installed when the first ``Persistence`` takes its file, calls each
/// registered save, so the changes of the last debounce window are not lost
/// when the app forgets ``Persistence/flush()``. A crash, a signal or `_exit`
/// runs no hooks: what was saved before stays, whole.
enum PersistenceExitFlush {
    /// The saves to run at exit, by the identity of their writer.
    private static let saves = Locked<[ObjectIdentifier: @Sendable () -> Void]>([:])

    /// Installs the `atexit` hook, once.
    private static let hook: Bool = {
        atexit { PersistenceExitFlush.runAll() }
        return true
    }()

    /// Runs `save` at exit, unless ``unregister(_:)`` is called first.
    static func register(_ owner: ObjectIdentifier, _ save: @escaping @Sendable () -> Void) {
        _ = hook
        saves.withLock { $0[owner] = save }
    }

    /// Forgets the save registered for `owner`.
    static func unregister(_ owner: ObjectIdentifier) {
        saves.withLock { _ = $0.removeValue(forKey: owner) }
    }

    /// Runs every registered save (outside the lock: a save may take a while,
    /// and a Persistence freed meanwhile unregisters).
    static func runAll() {
        let all = saves.withLock { Array($0.values) }
        for save in all { save() }
    }
}
