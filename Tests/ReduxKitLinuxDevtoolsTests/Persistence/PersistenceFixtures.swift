import Foundation
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// The state, actions and file helpers the Persistence tests share.
enum PersistenceFixtures {
    struct Settings: Codable, Equatable, Sendable {
        var volume = 5
        var name = "default"
    }

    struct SetVolume: Action { let volume: Int }

    static func reducer(_ settings: inout Settings, _ action: any Action) {
        if let set = action as? SetVolume { settings.volume = set.volume }
    }

    /// A fresh directory, removed when `body` returns.
    static func inDirectory(_ body: (URL) throws -> Void) rethrows {
        let directory = makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    static func inDirectoryAsync(_ body: (URL) async throws -> Void) async rethrows {
        let directory = makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory)
    }

    static func makeDirectory() -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reduxkit-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static func makeStore(_ persistence: Persistence<Settings>) -> Store<Settings> {
        createStore(
            { (state: Settings?, action: any Action) -> Settings in
                var state = state ?? Settings()
                reducer(&state, action)
                return state
            }, nil, persistence.enhancer)
    }

    /// The names in `directory`, sorted.
    static func files(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    /// The names in `directory` that are not the state file `name`, its lock
    /// file or its temporary files.
    static func strangers(in directory: URL, besides name: String) -> [String] {
        files(in: directory).filter { $0 != name && $0 != ".\(name).lock" && !$0.hasPrefix(".\(name).tmp-") }
    }

    /// The settings saved in `file`, decoded as the library writes them.
    static func saved(in file: URL) throws -> Settings {
        struct Saved: Decodable {
            let version: Int
            let state: Settings
        }
        return try JSONDecoder().decode(Saved.self, from: Data(contentsOf: file)).state
    }

    /// A Persistence of `file` that records its errors.
    static func recording(
        _ file: URL, clock: TestClock = TestClock(), debounce: Duration = .milliseconds(300),
        maxWait: Duration = .seconds(2)
    ) -> (Persistence<Settings>, Recorder<PersistenceError>) {
        let errors = Recorder<PersistenceError>()
        let persistence = Persistence<Settings>(
            file: file, debounce: debounce, maxWait: maxWait, clock: clock, onError: { errors.append($0) })
        return (persistence, errors)
    }
}
