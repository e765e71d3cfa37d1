import Foundation
import Testing

@testable import ReduxKitLinux

@Suite("Persistence")
struct PersistenceTests {
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

    static func files(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test func aMissingFileMeansTheDefaultStateAndSavedStateComesBack() throws {
        try Self.inDirectory { directory in
            let file = directory.appendingPathComponent("settings.json")
            let errors = Recorder<String>()
            do {
                let persistence = Persistence<Settings>(file: file, onError: { errors.append("\($0)") })
                let store = Self.makeStore(persistence)
                #expect(store.state == Settings())
                store.dispatch(SetVolume(volume: 9))
                persistence.flush()
            }
            let restored = Self.makeStore(Persistence<Settings>(file: file))
            #expect(restored.state.volume == 9)
            #expect(errors.values.isEmpty)
            let saved = try String(contentsOf: file, encoding: .utf8)
            #expect(saved.contains("\"version\":1"))
        }
    }

    @Test func aStoreKeepsItsPersistenceAndTheLastChangeIsSavedWhenItIsFreed() {
        Self.inDirectory { directory in
            let file = directory.appendingPathComponent("settings.json")
            do {
                // No reference kept to the Persistence, and a debounce longer than the test.
                let store = Self.makeStore(Persistence<Settings>(file: file, debounce: .seconds(60)))
                store.dispatch(SetVolume(volume: 6))
            }
            #expect(Self.makeStore(Persistence<Settings>(file: file)).state.volume == 6)
        }
    }

    @Test func savesAreDebouncedAndFlushWritesAtOnce() async throws {
        try await Self.inDirectoryAsync { directory in
            let file = directory.appendingPathComponent("settings.json")
            let persistence = Persistence<Settings>(file: file, debounce: .milliseconds(50))
            let store = Self.makeStore(persistence)
            for volume in 0..<100 { store.dispatch(SetVolume(volume: volume)) }
            #expect(persistence.writeCount == 0)
            #expect(await eventually { persistence.writeCount == 1 })
            try await Task.sleep(for: .milliseconds(100))
            #expect(persistence.writeCount == 1)
            store.dispatch(SetVolume(volume: 7))
            persistence.flush()
            #expect(persistence.writeCount == 2)
            #expect(Self.makeStore(Persistence(file: file)).state.volume == 7)
        }
    }

    @Test(arguments: [
        ("truncated", Data(#"{"state":{"name":"x","volume":"#.utf8)),
        ("garbage", Data([0xFF, 0x00, 0x13, 0x37, 0xC3, 0x28])),
        ("wrong shape", Data(#"{"version":1,"state":{"loudness":3}}"#.utf8)),
    ])
    func anUnusableFileIsKeptAsideAndNeverOverwritten(kind: String, contents: Data) throws {
        try Self.inDirectory { directory in
            let file = directory.appendingPathComponent("settings.json")
            try contents.write(to: file)
            let errors = Recorder<PersistenceError>()
            let persistence = Persistence<Settings>(file: file, onError: { errors.append($0) })
            let store = Self.makeStore(persistence)
            #expect(store.state == Settings())
            #expect(errors.values.map(\.kind) == [.corrupt])
            let aside = try #require(errors.values.first?.keptAsideAt)
            #expect(try Data(contentsOf: aside) == contents)
            store.dispatch(SetVolume(volume: 1))
            persistence.flush()
            #expect(try Data(contentsOf: aside) == contents)
            #expect(Self.makeStore(Persistence(file: file)).state.volume == 1)
            #expect(Self.files(in: directory).count == 2)
        }
    }

    @Test func aFileFromAnOlderVersionIsMigrated() throws {
        try Self.inDirectory { directory in
            let file = directory.appendingPathComponent("settings.json")
            // Version 1 called the volume "loudness".
            try Data(#"{"version":1,"state":{"loudness":8,"name":"old"}}"#.utf8).write(to: file)
            let persistence = Persistence<Settings>(file: file, version: 2) { version, old in
                #expect(version == 1)
                var object = try JSONSerialization.jsonObject(with: old) as! [String: Any]
                object["volume"] = object.removeValue(forKey: "loudness")
                return try JSONSerialization.data(withJSONObject: object)
            }
            #expect(Self.makeStore(persistence).state == Settings(volume: 8, name: "old"))
        }
    }

    @Test func anOlderVersionWithoutMigrationOrANewerVersionIsKeptAside() throws {
        try Self.inDirectory { directory in
            let file = directory.appendingPathComponent("settings.json")
            for (saved, expected) in [
                (1, PersistenceError.Kind.olderVersionWithoutMigration(1)), (3, .newerVersion(3)),
            ] {
                try Data(#"{"version":\#(saved),"state":{"volume":4,"name":"x"}}"#.utf8).write(to: file)
                let errors = Recorder<PersistenceError>()
                let store = Self.makeStore(
                    Persistence<Settings>(file: file, version: 2, onError: { errors.append($0) }))
                #expect(store.state == Settings())
                #expect(errors.values.map(\.kind) == [expected])
                #expect(errors.values.first?.keptAsideAt != nil)
            }
        }
    }

    @Test func anUnwritableDirectoryReportsTheErrorAndTheStoreKeepsWorking() throws {
        try Self.inDirectory { directory in
            // A path under a regular file: no file can ever be written there.
            let blocker = directory.appendingPathComponent("not-a-directory")
            try Data("x".utf8).write(to: blocker)
            let file = blocker.appendingPathComponent("settings.json")
            let errors = Recorder<PersistenceError>()
            let persistence = Persistence<Settings>(file: file, onError: { errors.append($0) })
            let store = Self.makeStore(persistence)
            store.dispatch(SetVolume(volume: 3))
            persistence.flush()
            #expect(errors.values.map(\.kind) == [.saveFailed])
            store.dispatch(SetVolume(volume: 4))
            #expect(store.state.volume == 4)
        }
    }

    @Test func aCrashBetweenWriteAndRenameLeavesTheOldStateWhole() {
        Self.inDirectory { directory in
            let file = directory.appendingPathComponent("settings.json")
            do {
                let persistence = Persistence<Settings>(file: file)
                let store = Self.makeStore(persistence)
                store.dispatch(SetVolume(volume: 2))
                persistence.flush()
                persistence.simulateCrashBeforeRename()
                store.dispatch(SetVolume(volume: 99))
                persistence.flush()
            }
            #expect(Self.files(in: directory) == [".settings.json.tmp", "settings.json"])
            #expect(Self.makeStore(Persistence<Settings>(file: file)).state.volume == 2)
        }
    }
}
