import Foundation

/// Keeps a store's state in a file across launches: restores it when the store
/// is created, and saves it after changes.
///
/// ```swift
/// let persistence = Persistence<AppState>(file: stateURL, version: 2, migrate: { version, state in … })
/// let store = createStore(appReducer, nil, persistence.enhancer)
/// …
/// persistence.flush()   // before quitting
/// ```
///
/// - Saving is debounced: the state is written once changes have stopped for
///   `debounce`; ``flush()`` writes at once. Writes are atomic: the state goes
///   to a temporary file in the same directory, which then replaces the old
///   one, so a crash mid-write leaves the previous state whole.
/// - A missing file means the default state (the one `createStore` was given,
///   or the reducer's).
/// - A file that cannot be read or decoded, or comes from a newer version, never
///   crashes the app and is never overwritten: it is renamed aside (the new name
///   is in the error), the store starts from the default state, and `onError`
///   hears of it. If it cannot even be moved aside, saving stops, so the file
///   survives as it is.
/// - The file records `version`. A file from an older version goes through
///   `migrate` (which gets the old state's JSON and returns JSON of the current
///   shape); with no `migrate`, such a file is treated as unreadable.
/// - Saving errors (an unwritable directory, a full disk) go to `onError`; the
///   store keeps working.
///
/// One `Persistence` persists one store; the store keeps it alive, and when
/// the store is freed a save still waiting is written at once. Every method is
/// safe from any thread.
public final class Persistence<State: Codable & Sendable>: Sendable {
    /// The file the state is kept in.
    public let file: URL
    /// The version of the state's shape written with it.
    public let version: Int
    /// How long changes must stop before a write, in seconds (for `asyncAfter`).
    private let debounceSeconds: Double
    private let migrate: (@Sendable (_ fromVersion: Int, _ state: Data) throws -> Data)?
    private let onError: @Sendable (PersistenceError) -> Void
    /// Serialises file writes, off the dispatching thread.
    private let queue = DispatchQueue(label: "ReduxKitLinux.Persistence")
    private let status = Locked(Status())

    private struct Status {
        /// The latest state not yet written, and its change number.
        var pending: State?
        var generation = 0
        var savingStopped = false
        var attached = false
        var writes = 0
        var failBeforeRename = false
    }

    /// Sets up persistence; nothing is read until the store is created.
    ///
    /// - Parameters:
    ///   - file: Where to keep the state.
    ///   - version: The version of the state's shape (start at 1, raise it when the shape changes).
    ///   - debounce: How long changes must stop before the state is written.
    ///   - migrate: Turns the JSON of a state saved by an older version into JSON of the current shape.
    ///   - onError: Hears of every file that could not be read and every save that failed.
    public init(
        file: URL,
        version: Int = 1,
        debounce: Duration = .milliseconds(300),
        migrate: (@Sendable (_ fromVersion: Int, _ state: Data) throws -> Data)? = nil,
        onError: @escaping @Sendable (PersistenceError) -> Void = { _ in }
    ) {
        self.file = file
        self.version = version
        self.debounceSeconds = Double(debounce.components.seconds) + Double(debounce.components.attoseconds) / 1e18
        self.migrate = migrate
        self.onError = onError
    }

    /// The enhancer to create the store with: it restores the saved state, if
    /// any, and saves changes.
    public var enhancer: StoreEnhancer<State> {
        { next in
            { reducer, state in
                let store = next(reducer, self.restore() ?? state)
                self.attach(to: store)
                return store
            }
        }
    }

    deinit {
        // The store is gone (it held this object): save what a debounced write
        // was still waiting for. No work item can be running with `self` now.
        writePending(upTo: .max)
    }

    /// Writes the latest state now, if it changed since the last write, and
    /// waits for the write to finish.
    public func flush() {
        queue.sync { writePending(upTo: .max) }
    }

    /// How many times the state has been written (for tests).
    var writeCount: Int { status.withLock { $0.writes } }

    /// Makes the next writes stop after the temporary file and before the
    /// rename, as a crash there would (for tests).
    func simulateCrashBeforeRename() {
        status.withLock { $0.failBeforeRename = true }
    }

    private func attach(to store: Store<State>) {
        status.withLock { status in
            if status.attached { Misuse.fail(Misuse.persistenceKeepsOneStore) }
            status.attached = true
        }
        // Held strongly by the store (it holds no store), so saving goes on even
        // if the app keeps no reference to this object.
        store.subscribe { state in self.changed(state) }
    }

    /// Records a new state and schedules its write once changes stop.
    private func changed(_ state: State) {
        let generation = status.withLock { status in
            status.pending = state
            status.generation += 1
            return status.generation
        }
        queue.asyncAfter(deadline: .now() + debounceSeconds) { [weak self] in
            self?.writePending(upTo: generation)
        }
    }

    /// Writes the pending state if no change came after change number `latest`.
    /// Runs on `queue`.
    private func writePending(upTo latest: Int) {
        let (state, failBeforeRename) = status.withLock { status -> (State?, Bool) in
            guard !status.savingStopped, status.generation <= latest, let pending = status.pending else {
                return (nil, false)
            }
            status.pending = nil
            status.writes += 1
            return (pending, status.failBeforeRename)
        }
        guard let state else { return }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(SavedState(version: version, state: state))
            let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).tmp")
            try Data().write(to: temporary)
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
            if failBeforeRename { return }
            // rename(2) replaces the old file atomically: a reader sees the old
            // state or the new one, never a mix.
            guard rename(temporary.path, file.path) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        } catch {
            onError(PersistenceError(kind: .saveFailed, file: file, underlying: error))
        }
    }

    /// The saved state, or `nil` for the default: the file is missing, or could
    /// not be used (then it is moved aside and `onError` hears why).
    private func restore() -> State? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            setAside(.unreadable, underlying: error)
            return nil
        }
        do {
            let header = try JSONDecoder().decode(SavedVersion.self, from: data)
            if header.version == version {
                return try JSONDecoder().decode(SavedState<State>.self, from: data).state
            }
            if header.version > version {
                setAside(.newerVersion(header.version), underlying: nil)
                return nil
            }
            guard let migrate else {
                setAside(.olderVersionWithoutMigration(header.version), underlying: nil)
                return nil
            }
            return try migrated(data, from: header.version, with: migrate)
        } catch let error as PersistenceError {
            setAside(error.kind, underlying: error.underlying)
        } catch {
            setAside(.corrupt, underlying: error)
        }
        return nil
    }

    private func migrated(
        _ data: Data, from oldVersion: Int, with migrate: (Int, Data) throws -> Data
    ) throws -> State {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any], let old = object["state"]
        else { throw PersistenceError(kind: .corrupt, file: file, underlying: nil) }
        let oldState = try JSONSerialization.data(withJSONObject: old, options: [.fragmentsAllowed, .sortedKeys])
        do {
            return try JSONDecoder().decode(State.self, from: try migrate(oldVersion, oldState))
        } catch {
            throw PersistenceError(kind: .migrationFailed(oldVersion), file: file, underlying: error)
        }
    }

    /// Renames the file aside, never to be overwritten, and reports why; if it
    /// cannot be moved, stops saving so it survives in place.
    private func setAside(_ kind: PersistenceError.Kind, underlying: (any Error)?) {
        let stamp = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
            .replacingOccurrences(of: ":", with: "-")
        // The time says when; the random part keeps two files set aside in the
        // same millisecond apart.
        let aside = file.deletingLastPathComponent().appendingPathComponent(
            "\(file.lastPathComponent).unusable-\(stamp)-\(UUID().uuidString.prefix(8))")
        do {
            try FileManager.default.moveItem(at: file, to: aside)
            onError(PersistenceError(kind: kind, file: file, keptAsideAt: aside, underlying: underlying))
        } catch {
            status.withLock { $0.savingStopped = true }
            onError(PersistenceError(kind: kind, file: file, underlying: underlying))
            onError(PersistenceError(kind: .couldNotSetAside, file: file, underlying: error))
        }
    }
}

/// Why a saved state could not be used, or a save failed.
public struct PersistenceError: Error, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The file could not be read.
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
        /// Writing the state failed.
        case saveFailed
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

    /// The error in one line: what went wrong, the file's name, where it was
    /// kept aside and the error underneath, when there are any.
    public var description: String {
        let aside = keptAsideAt.map { "; kept aside as \($0.lastPathComponent)" } ?? ""
        let cause = underlying.map { ": \($0)" } ?? ""
        return "\(kind) (\(file.lastPathComponent))\(aside)\(cause)"
    }
}

/// What the file holds: the version, then the state.
private struct SavedState<State: Codable>: Codable {
    let version: Int
    let state: State
}

/// The version alone, read before the state.
private struct SavedVersion: Decodable {
    let version: Int
}
