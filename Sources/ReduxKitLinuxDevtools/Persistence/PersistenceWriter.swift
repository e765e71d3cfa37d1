import Foundation

/// Everything a ``Persistence`` does to its file, one thing at a time: takes
/// the file (resolves it, locks it, restores it), saves, and lets it go.
///
/// Saves from the saver task, ``Persistence/flush()``, the store's end and the
/// process's exit are serialised by one lock, each taking the newest state,
/// so a later save never writes an older state. Errors are reported after the
/// lock is released, so `onError` may call back into the ``Persistence``.
///
/// Reporting: a failed write is reported every time (and the state is tried
/// again at the next save). A state that cannot be encoded is reported at the
/// first save that fails after one that worked (or after the start), not at
/// every following save while states keep failing; but every explicit save
/// (``Persistence/flush()``, the store's end, the process's exit) that cannot
/// encode reports it again, so a state that cannot be saved is never silently
/// kept from disk.
final class PersistenceWriter<State: Codable & Sendable>: Sendable {
    let file: URL
    let version: Int
    let changes: PersistenceChanges<State>
    private let onError: @Sendable (PersistenceError) -> Void
    private let status = Locked(Status())
    /// Tests waiting for as many writes as their tag (``waitForWrites(_:)``).
    private let writeWatchers = Locked(ParkedWaiters<Void, Int>())

    private struct Status: Sendable {
        /// Whether a store was created with the Persistence.
        var attached = false
        /// The file really written, once resolved.
        var target: PersistenceTarget?
        /// The lock file's descriptor while the lock is held.
        var lock: Int32?
        /// Whether saves may write: the file was taken and nothing stopped saving.
        var saving = false
        /// Whether the Persistence is gone: nothing is written any more.
        var closed = false
        /// Whether the last save failed to encode its state.
        var encodingFailing = false
        /// How many times the file was replaced (for tests).
        var writes = 0
        /// Stop each write before its rename, as a crash would (for tests).
        var crashBeforeRename = false
        /// The saver task, cancelled when the Persistence goes.
        var saver: Task<Void, Never>?
        /// What runs before each write (see ``beforeEachWrite(_:)``).
        var beforeWrite: (@Sendable () -> ActionLogPlace?)?
    }

    init(
        file: URL, version: Int, changes: PersistenceChanges<State>,
        onError: @escaping @Sendable (PersistenceError) -> Void
    ) {
        self.file = file
        self.version = version
        self.changes = changes
        self.onError = onError
    }

    private func error(_ kind: PersistenceError.Kind, _ underlying: (any Error)? = nil) -> PersistenceError {
        PersistenceError(kind: kind, file: file, underlying: underlying)
    }

    /// Takes the file for a store being created: resolves symbolic links,
    /// takes the lock, removes temporary files a crash left, and restores.
    ///
    /// - Returns: The restored state (`nil` for the default one), and whether
    ///   saving may start.
    func attach(
        restore: (PersistenceTarget) -> PersistenceRestore<State>.Outcome
    ) -> (State?, PersistenceLogMarker?, Bool) {
        let (outcome, saving, errors) = status.withLock {
            status -> (PersistenceRestore<State>.Outcome?, Bool, [PersistenceError]) in
            if status.attached { Misuse.fail(DevtoolsMisuse.persistenceKeepsOneStore) }
            status.attached = true
            let target: PersistenceTarget
            do throws(PersistenceTarget.Failure) {
                target = try PersistenceTarget.resolve(file.path)
            } catch {
                switch error {
                case .notARegularFile: return (nil, false, [self.error(.notARegularFile)])
                case .system(let failure): return (nil, false, [self.error(.unreadable, failure)])
                }
            }
            status.target = target
            switch PersistenceFileLock.acquire(target) {
            case .success(let descriptor):
                status.lock = descriptor
                PersistenceAtomicFile.removeTemporaries(of: target)
            case .failure(.held):
                // Neither read nor written: another Persistence keeps the file.
                return (nil, false, [error(.fileInUse)])
            case .failure(.failed):
                // The lock file cannot be made (a missing or unwritable
                // directory): read what is there; each save tries the lock
                // again and reports why it cannot write.
                break
            }
            let outcome = restore(target)
            status.saving = !outcome.stopSaving
            return (outcome, status.saving, outcome.errors)
        }
        if !saving { changes.close() }
        for error in errors { onError(error) }
        return (outcome?.state, outcome?.marker, saving)
    }

    /// Sets what runs just before each write of the state file, with the
    /// writer's lock held: crash recovery writes the action log there, so a
    /// saved state never gets ahead of the log it follows.
    /// It returns where the log stands then, which the saved state records.
    func beforeEachWrite(_ body: @escaping @Sendable () -> ActionLogPlace?) {
        status.withLock { $0.beforeWrite = body }
    }

    /// Keeps the saver task, to cancel it when the Persistence goes.
    func keep(saver: Task<Void, Never>) {
        let cancel = status.withLock { status in
            if status.closed { return true }
            status.saver = saver
            return false
        }
        if cancel { saver.cancel() }
    }

    /// Writes the newest unsaved state, if any. `explicit` saves (a flush,
    /// the store's end, the exit) report a state that cannot be encoded every
    /// time; the saver's report it once per change from encodable to not.
    func save(explicit: Bool) {
        let errors = status.withLock { status -> [PersistenceError] in
            let (state, taken, generation) = changes.take()
            var marker = taken
            guard let state, status.saving, !status.closed, let target = status.target else { return [] }
            if status.lock == nil {
                switch PersistenceFileLock.acquire(target) {
                case .success(let descriptor):
                    status.lock = descriptor
                case .failure(.held):
                    status.saving = false
                    changes.close()
                    return [error(.fileInUse)]
                case .failure(.failed(let failure)):
                    changes.putBack(state, generation: generation)
                    return [error(.saveFailed, failure)]
                }
            }
            // The log first: the saved state never gets ahead of it, and records where it stands.
            if let beforeWrite = status.beforeWrite { marker?.place = beforeWrite() }
            let data: Data
            do {
                data = try DevtoolsJSON.encode(SavedState(version: version, state: state, log: marker))
            } catch {
                let report = explicit || !status.encodingFailing
                status.encodingFailing = true
                changes.putBack(state, generation: generation)
                return report ? [self.error(.encodingFailed, error)] : []
            }
            status.encodingFailing = false
            do {
                try PersistenceAtomicFile.replace(target, with: data, crashBeforeRename: status.crashBeforeRename)
                if !status.crashBeforeRename { status.writes += 1 }
                return []
            } catch {
                changes.putBack(state, generation: generation)
                return [self.error(.saveFailed, error)]
            }
        }
        for error in errors { onError(error) }
        let writes = writeCount
        for watcher in writeWatchers.withLock({ $0.take { $0 <= writes } }) { watcher.continuation.resume() }
    }

    /// Returns once the file was replaced `count` times (at once if it was),
    /// or when the waiting task is cancelled: how a test waits for a save
    /// another task makes, without polling.
    func waitForWrites(_ count: Int) async {
        await writeWatchers.park(in: \.self, tag: count, whenCancelled: ()) { _ in
            self.writeCount >= count ? () : nil
        }
    }

    /// Saves what is pending, then lets the file go: nothing is written any
    /// more, the lock is released and the saver task ends.
    func close() {
        save(explicit: true)
        let saver = status.withLock { status -> Task<Void, Never>? in
            status.closed = true
            status.saving = false
            // What ran before each write (crash recovery's log) is let go with
            // the file, not kept until the saver task winds down.
            status.beforeWrite = nil
            if let lock = status.lock { PersistenceFileLock.release(lock) }
            status.lock = nil
            defer { status.saver = nil }
            return status.saver
        }
        changes.close()
        saver?.cancel()
    }

    /// How many times the file was replaced (for tests).
    var writeCount: Int { status.withLock { $0.writes } }

    /// Whether saves may write (for tests).
    var isSaving: Bool { status.withLock { $0.saving } }

    /// Makes the next writes stop after the temporary file is written and
    /// before the rename, as a crash there would (for tests).
    func simulateCrashBeforeRename() {
        status.withLock { $0.crashBeforeRename = true }
    }
}
