import Foundation

/// Keeps a store's state in a file across launches: restores it when the store
/// is created, and saves it after changes.
///
/// ```swift
/// let persistence = Persistence<AppState>(file: stateURL, version: 2, migrate: { version, state in … })
/// let store = createStore(appReducer, nil, persistence.enhancer)
/// ```
///
/// What it promises, so a saved state is never lost or corrupted:
///
/// - **Atomic, durable writes.** Each save writes a new temporary file with a
///   name of its own, created exclusively and never through a symbolic link
///   (`O_CREAT | O_EXCL | O_NOFOLLOW`, keeping the old file's permissions),
///   `fsync`s it, renames it over the state file and `fsync`s the directory. A
///   reader, or the next launch after a crash (even `kill -9`) or a power cut,
///   finds the old state or the new one, whole.
/// - **One writer per file.** An advisory record lock (`fcntl`) on `.<name>.lock`
///   beside the file is held from the store's creation for the Persistence's
///   life. A second Persistence of the same file, in this process or another,
///   reports ``PersistenceError/Kind/fileInUse``, does not read the file, and
///   saves nothing: its store starts from the default state.
/// - **Symbolic links.** A state file that is a symbolic link is resolved once,
///   when the store is created, to its target, which must be a regular file or
///   not exist; saves replace the target atomically in the target's directory,
///   so the link stays in place. A target that is not a regular file (a
///   directory, say) is refused with ``PersistenceError/Kind/notARegularFile``.
/// - **Restoring.** A missing file means the default state (the one
///   `createStore` was given, or the reducer's). A file read in full that
///   cannot be decoded, or comes from a newer version, never crashes the app
///   and is never overwritten: it is renamed aside (the new name is in the
///   error) and the store starts from the default state. A file that cannot be
///   *read* (no free file descriptors, an I/O error) is left as it is, reported
///   as ``PersistenceError/Kind/unreadable``, and saving stops so nothing
///   overwrites it. The file is parsed once, its version read first.
/// - **Versions.** The file records `version`. A file from an older version
///   goes through `migrate` (which gets the old state's JSON and returns JSON
///   of the current shape); with no `migrate`, it is set aside.
/// - **Debounced, with a maximum wait.** A state is written once changes have
///   stopped for `debounce` (within twice that), and at least every `maxWait`
///   while changes never stop. A change costs a lock, a store and an unlock:
///   no timer, queue or task per change; one saver task per Persistence sleeps
///   on `clock`.
/// - **Nothing pending is lost on a normal end.** ``flush()`` writes at once;
///   the pending state is also written when the store (which keeps its
///   Persistence alive) is freed, and when the process exits normally
///   (`exit`, or the end of the top-level code).
/// - **Failures are reported.** Every failure goes to `onError`; with no
///   `onError`, to standard error, one line each, prefixed
///   `ReduxKitLinux Persistence:`. The store keeps working. A state that
///   cannot be encoded (a `Double.nan`, or a `Decimal.nan`, which `JSONEncoder`
///   would write as the `NaN` no JSON reader reads) is reported at the
///   save after the change that made it, once each time states go from
///   encodable to not, and again at every ``flush()``, when the store is freed
///   and at exit, while it still cannot be encoded.
///
/// Keeping the newest state for the saver holds a reference to it: a large
/// state changed in place by its reducer is copied once by the change after.
///
/// One `Persistence` persists one store; the store keeps it alive. Every
/// method is safe from any thread.
public final class Persistence<State: Codable & Sendable>: Sendable {
    /// The file the state is kept in.
    public let file: URL
    /// The version of the state's shape written with it.
    public let version: Int
    private let debounce: Duration
    private let maxWait: Duration
    private let clock: any Clock<Duration>
    private let migrate: (@Sendable (_ fromVersion: Int, _ state: Data) throws -> Data)?
    private let fileSystem: PersistenceFileSystem
    /// Where the store's subscriber leaves each change.
    @usableFromInline let changes = PersistenceChanges<State>()
    let writer: PersistenceWriter<State>
    /// Where the saver's writes run, off the concurrency pool.
    private let queue = DispatchQueue(label: "ReduxKitLinux.Persistence")

    /// Sets up persistence; nothing is read until the store is created.
    ///
    /// - Parameters:
    ///   - file: Where to keep the state. A symbolic link is followed once,
    ///     when the store is created (see the type's documentation).
    ///   - version: The version of the state's shape (start at 1, raise it when the shape changes).
    ///   - debounce: How long changes must stop before the state is written.
    ///   - maxWait: The longest a change waits to be written while changes keep
    ///     coming.
    ///   - clock: The clock the debounce and the maximum wait are measured on.
    ///   - migrate: Turns the JSON of a state saved by an older version into JSON of the current shape.
    ///   - onError: Hears of every file that could not be used and every save
    ///     that failed; by default they are written to standard error.
    public convenience init(
        file: URL,
        version: Int = 1,
        debounce: Duration = .milliseconds(300),
        maxWait: Duration = .seconds(2),
        clock: any Clock<Duration> = ContinuousClock(),
        migrate: (@Sendable (_ fromVersion: Int, _ state: Data) throws -> Data)? = nil,
        onError: @escaping @Sendable (PersistenceError) -> Void = PersistenceError.writeToStandardError
    ) {
        self.init(
            file: file, version: version, debounce: debounce, maxWait: maxWait, clock: clock, migrate: migrate,
            onError: onError, fileSystem: .posix)
    }

    /// ``init(file:version:debounce:maxWait:clock:migrate:onError:)`` with the
    /// file-system calls made through `fileSystem` (for tests).
    init(
        file: URL, version: Int = 1, debounce: Duration = .milliseconds(300), maxWait: Duration = .seconds(2),
        clock: any Clock<Duration> = ContinuousClock(),
        migrate: (@Sendable (_ fromVersion: Int, _ state: Data) throws -> Data)? = nil,
        onError: @escaping @Sendable (PersistenceError) -> Void, fileSystem: PersistenceFileSystem
    ) {
        self.file = file
        self.version = version
        self.debounce = max(debounce, .zero)
        self.maxWait = max(maxWait, .zero)
        self.clock = clock
        self.migrate = migrate
        self.fileSystem = fileSystem
        self.writer = PersistenceWriter(file: file, version: version, changes: changes, onError: onError)
    }

    /// The enhancer to create the store with: it restores the saved state, if
    /// any, and saves changes.
    ///
    /// Inlinable, so the subscriber that records each change is specialised
    /// for the app's state: unspecialised, it cost more than the dispatch.
    @inlinable
    public var enhancer: StoreEnhancer<State> {
        { next in
            { reducer, state in
                let restored = self.attach()
                let store = next(reducer, restored ?? state)
                // Held strongly by the store (it holds no store), so saving goes
                // on even if the app keeps no reference to this object.
                store.subscribe { state in self.changes.changed(state) }
                return store
            }
        }
    }

    deinit {
        // The store is gone (it held this object): save what the saver was
        // still waiting for, then release the file's lock and end the saver.
        PersistenceExitFlush.unregister(ObjectIdentifier(writer))
        writer.close()
    }

    /// Writes the latest state now, if it changed since the last write, and
    /// waits for the write to finish. A failure is reported to `onError`, as
    /// for any save; a state that cannot be encoded is reported at every flush.
    public func flush() {
        writer.save(explicit: true)
    }

    /// Takes the file and restores it; starts the saver and the exit hook if
    /// saving may go on.
    @usableFromInline func attach() -> State? {
        attachRestoring().state
    }

    /// Takes the file and restores it, with the log position the saved state
    /// follows; starts the saver and the exit hook if saving may go on.
    func attachRestoring() -> (state: State?, marker: PersistenceLogMarker?) {
        let (state, marker, saving) = writer.attach { target in
            PersistenceRestore<State>(
                file: file, target: target, version: version, migrate: migrate, fileSystem: fileSystem
            ).run()
        }
        guard saving else { return (state, marker) }
        let writer = self.writer
        writer.keep(
            saver: PersistenceSaver.start(
                changes: changes, clock: clock, debounce: debounce, maxWait: maxWait, queue: queue,
                save: { writer.save(explicit: false) }))
        PersistenceExitFlush.register(ObjectIdentifier(writer)) { writer.save(explicit: true) }
        return (state, marker)
    }

    /// How many times the state has been written (for tests).
    var writeCount: Int { writer.writeCount }

    /// Returns once the file was written `count` times (for tests: an event, not a poll).
    func waitForWrites(_ count: Int) async {
        await writer.waitForWrites(count)
    }

    /// Whether saves still write: `false` once saving stopped (for tests).
    var isSaving: Bool { writer.isSaving }

    /// Makes the next writes stop after the temporary file and before the
    /// rename, as a crash there would (for tests).
    func simulateCrashBeforeRename() {
        writer.simulateCrashBeforeRename()
    }
}
