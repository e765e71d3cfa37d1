import Foundation

/// Reads a ``Persistence``'s saved state when its store is created.
///
/// - No file: the default state.
/// - A read error (no free file descriptors, no permission, an I/O error):
///   reported as ``PersistenceError/Kind/unreadable``; the file is left as it
///   is and saving stops, so nothing overwrites it. Only a file read in full
///   can be judged unusable.
/// - A file read in full that is not a saved state, comes from a newer
///   version, or from an older one that cannot be migrated: renamed aside
///   (never overwritten) and reported; the store starts from the default
///   state. If it cannot be moved, saving stops so it survives in place.
///
/// The file is decoded once, by `JSONDecoder` (``DevtoolsJSON``): a file it
/// refuses is corrupt, whatever version it says it is. The version is read
/// first, and the state is decoded only when the version is the current one.
struct PersistenceRestore<State: Codable & Sendable> {
    /// The state file, as the app named it (for errors).
    let file: URL
    /// The file really read (the state file's target).
    let target: PersistenceTarget
    let version: Int
    let migrate: (@Sendable (_ fromVersion: Int, _ state: Data) throws -> Data)?
    let fileSystem: PersistenceFileSystem

    /// What restoring found.
    struct Outcome {
        /// The saved state, or `nil` for the default one.
        var state: State?
        /// The action log position the saved state follows, if it was saved
        /// with crash recovery.
        var marker: PersistenceLogMarker?
        /// What to report.
        var errors: [PersistenceError] = []
        /// Whether saving must stop to keep the file as it is.
        var stopSaving = false
    }

    /// Reads and decodes the file; see the type's documentation.
    func run() -> Outcome {
        let data: Data
        do {
            guard let contents = try fileSystem.contents(target.path) else { return Outcome() }
            data = contents
        } catch {
            return Outcome(
                errors: [PersistenceError(kind: .unreadable, file: file, underlying: error)], stopSaving: true)
        }
        do {
            let saved = try DevtoolsJSON.makeDecoder(userInfo: [SavedFile<State>.expectedVersion: version])
                .decode(SavedFile<State>.self, from: data)
            if let state = saved.state { return Outcome(state: state, marker: saved.log) }
            if saved.version > version { return setAside(.newerVersion(saved.version), underlying: nil) }
            guard let migrate else { return setAside(.olderVersionWithoutMigration(saved.version), underlying: nil) }
            return Outcome(state: try migrated(data, from: saved.version, with: migrate))
        } catch let error as PersistenceError {
            return setAside(error.kind, underlying: error.underlying)
        } catch {
            return setAside(.corrupt, underlying: error)
        }
    }

    private func migrated(
        _ data: Data, from oldVersion: Int, with migrate: (Int, Data) throws -> Data
    ) throws -> State {
        guard case .object(let saved) = try JSONValue(parsing: data), let old = saved["state"] else {
            throw PersistenceError(kind: .corrupt, file: file, underlying: nil)
        }
        let oldState = try DevtoolsJSON.encode(old)
        do {
            return try DevtoolsJSON.makeDecoder().decode(State.self, from: try migrate(oldVersion, oldState))
        } catch {
            throw PersistenceError(kind: .migrationFailed(oldVersion), file: file, underlying: error)
        }
    }

    /// Renames the file aside, never to be overwritten, and reports why; if it
    /// cannot be moved, stops saving so it survives in place.
    private func setAside(_ kind: PersistenceError.Kind, underlying: (any Error)?) -> Outcome {
        let stamp = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
            .replacingOccurrences(of: ":", with: "-")
        // The time says when; the random part keeps two files set aside in the
        // same millisecond apart.
        let path = "\(target.directory)/\(target.name).unusable-\(stamp)-\(UUID().uuidString.prefix(8))"
        let aside = URL(fileURLWithPath: path)
        do {
            try FileManager.default.moveItem(atPath: target.path, toPath: path)
            return Outcome(errors: [
                PersistenceError(kind: kind, file: file, keptAsideAt: aside, underlying: underlying)
            ])
        } catch {
            return Outcome(
                errors: [
                    PersistenceError(kind: kind, file: file, underlying: underlying),
                    PersistenceError(kind: .couldNotSetAside, file: file, underlying: error),
                ], stopSaving: true)
        }
    }
}

/// What the file holds: the version, then the state (written as
/// `{"state":…,"version":…}`, keys sorted).
struct SavedState<State: Encodable>: Encodable {
    let version: Int
    let state: State
    /// With crash recovery: the action log entries the state includes (left out otherwise).
    let log: PersistenceLogMarker?
}

/// Where in an action log a saved state stands: it includes the first `entry`
/// entries of the session `session` (written as
/// `"log":{"entry":…,"place":{…},"session":…}`).
struct PersistenceLogMarker: Codable, Equatable, Sendable {
    /// The session's identifier.
    let session: String
    /// The entries of the session the state includes.
    let entry: Int
    /// Where the log's writer stood when the state was written (at or after
    /// `entry`), so recovery can seek there; `nil` before it is known.
    var place: ActionLogPlace?

    /// A marker for the first `entry` entries of `session`.
    init(session: String, entry: Int, place: ActionLogPlace? = nil) {
        self.session = session
        self.entry = entry
        self.place = place
    }
}

/// A saved file, decoded in one pass: the version first, then the state only
/// if the version is the one in the decoder's `userInfo` (otherwise `nil`, and
/// the state's JSON is never decoded as `State`).
struct SavedFile<State: Decodable>: Decodable {
    /// The `userInfo` key holding the current version.
    static var expectedVersion: CodingUserInfoKey { CodingUserInfoKey(rawValue: "ReduxKitLinux.Persistence.version")! }

    let version: Int
    let state: State?
    let log: PersistenceLogMarker?

    private enum CodingKeys: String, CodingKey {
        case version
        case state
        case log
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        let expected = decoder.userInfo[Self.expectedVersion] as? Int
        state = version == expected ? try container.decode(State.self, forKey: .state) : nil
        log = version == expected ? try container.decodeIfPresent(PersistenceLogMarker.self, forKey: .log) : nil
    }
}
