import Foundation
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

@Suite("Persistence")
struct PersistenceTests {
    typealias Settings = PersistenceFixtures.Settings
    typealias SetVolume = PersistenceFixtures.SetVolume

    @Test func aMissingFileMeansTheDefaultStateAndSavedStateComesBack() throws {
        try PersistenceFixtures.inDirectory { directory in
            let file = directory.appendingPathComponent("settings.json")
            let errors = Recorder<String>()
            do {
                let persistence = Persistence<Settings>(file: file, onError: { errors.append("\($0)") })
                let store = PersistenceFixtures.makeStore(persistence)
                #expect(store.state == Settings())
                store.dispatch(SetVolume(volume: 9))
                persistence.flush()
            }
            let restored = PersistenceFixtures.makeStore(Persistence<Settings>(file: file))
            #expect(restored.state.volume == 9)
            #expect(errors.values.isEmpty)
            let saved = try String(contentsOf: file, encoding: .utf8)
            #expect(saved.contains("\"version\":1"))
        }
    }

    @Test func aStoreKeepsItsPersistenceAndTheLastChangeIsSavedWhenItIsFreed() {
        PersistenceFixtures.inDirectory { directory in
            let file = directory.appendingPathComponent("settings.json")
            do {
                // No reference kept to the Persistence, and a debounce longer than the test.
                let store = PersistenceFixtures.makeStore(Persistence<Settings>(file: file, debounce: .seconds(60)))
                store.dispatch(SetVolume(volume: 6))
            }
            #expect(PersistenceFixtures.makeStore(Persistence<Settings>(file: file)).state.volume == 6)
        }
    }

    @Test func savesAreDebouncedAndFlushWritesAtOnce() async throws {
        try await PersistenceFixtures.inDirectoryAsync { directory in
            let file = directory.appendingPathComponent("settings.json")
            let clock = TestClock()
            let persistence = Persistence<Settings>(file: file, debounce: .milliseconds(50), clock: clock)
            let store = PersistenceFixtures.makeStore(persistence)
            for volume in 0..<100 { store.dispatch(SetVolume(volume: volume)) }
            #expect(persistence.writeCount == 0)
            // One sleep of the one saver for the 100 changes, not a timer each.
            await clock.waitForSleepers()
            #expect(clock.sleepCalls == 1)
            await clock.advance(by: .milliseconds(50))
            // The saver's task runs beside the dispatches: if it noticed the first changes before
            // the last ones, it saw a change during its sleep and waits one debounce more.
            await firstOf([{ await clock.waitForSleepers() }, { await persistence.waitForWrites(1) }])
            if persistence.writeCount == 0 { await clock.advance(by: .milliseconds(50)) }
            await persistence.waitForWrites(1)
            await clock.advance(by: .seconds(60))
            #expect(persistence.writeCount == 1)
            #expect(clock.sleepCalls <= 2)
            store.dispatch(SetVolume(volume: 7))
            persistence.flush()
            #expect(persistence.writeCount == 2)
            // Read from the file itself: a second Persistence of it would be refused while this one lives.
            let saved = try PersistenceFixtures.saved(in: file)
            #expect(saved.volume == 7)
        }
    }

    @Test(arguments: [
        ("truncated", Data(#"{"state":{"name":"x","volume":"#.utf8)),
        ("garbage", Data([0xFF, 0x00, 0x13, 0x37, 0xC3, 0x28])),
        ("wrong shape", Data(#"{"version":1,"state":{"loudness":3}}"#.utf8)),
    ])
    func anUnusableFileIsKeptAsideAndNeverOverwritten(kind: String, contents: Data) throws {
        try PersistenceFixtures.inDirectory { directory in
            let file = directory.appendingPathComponent("settings.json")
            try contents.write(to: file)
            let errors = Recorder<PersistenceError>()
            let persistence = Persistence<Settings>(file: file, onError: { errors.append($0) })
            let store = PersistenceFixtures.makeStore(persistence)
            #expect(store.state == Settings())
            #expect(errors.values.map(\.kind) == [.corrupt])
            let aside = try #require(errors.values.first?.keptAsideAt)
            #expect(try Data(contentsOf: aside) == contents)
            store.dispatch(SetVolume(volume: 1))
            persistence.flush()
            #expect(try Data(contentsOf: aside) == contents)
            #expect(try PersistenceFixtures.saved(in: file).volume == 1)
            // The state file and the one set aside (beside the lock file), nothing else.
            #expect(PersistenceFixtures.files(in: directory).filter { $0 != ".settings.json.lock" }.count == 2)
        }
    }

    @Test func aFileFromAnOlderVersionIsMigrated() throws {
        try PersistenceFixtures.inDirectory { directory in
            let file = directory.appendingPathComponent("settings.json")
            // Version 1 called the volume "loudness".
            try Data(#"{"version":1,"state":{"name":"old","loudness":8.0,"serial":18446744073709551615}}"#.utf8)
                .write(to: file)
            let persistence = Persistence<Settings>(file: file, version: 2) { version, old in
                #expect(version == 1)
                // The old state alone, written again by `JSONEncoder`: keys sorted, a `UInt64` exact.
                #expect(
                    String(decoding: old, as: UTF8.self)
                        == #"{"loudness":8,"name":"old","serial":18446744073709551615}"#)
                var object = try JSONSerialization.jsonObject(with: old) as! [String: Any]
                object["volume"] = object.removeValue(forKey: "loudness")
                return try JSONSerialization.data(withJSONObject: object)
            }
            #expect(PersistenceFixtures.makeStore(persistence).state == Settings(volume: 8, name: "old"))
        }
    }

    @Test func anOlderVersionWithoutMigrationOrANewerVersionIsKeptAside() throws {
        try PersistenceFixtures.inDirectory { directory in
            let file = directory.appendingPathComponent("settings.json")
            for (saved, expected) in [
                (1, PersistenceError.Kind.olderVersionWithoutMigration(1)), (3, .newerVersion(3)),
            ] {
                try Data(#"{"version":\#(saved),"state":{"volume":4,"name":"x"}}"#.utf8).write(to: file)
                let errors = Recorder<PersistenceError>()
                let store = PersistenceFixtures.makeStore(
                    Persistence<Settings>(file: file, version: 2, onError: { errors.append($0) }))
                #expect(store.state == Settings())
                #expect(errors.values.map(\.kind) == [expected])
                #expect(errors.values.first?.keptAsideAt != nil)
            }
        }
    }

    @Test func anUnwritableDirectoryReportsTheErrorAndTheStoreKeepsWorking() throws {
        try PersistenceFixtures.inDirectory { directory in
            // A path under a regular file: no file can ever be written there.
            let blocker = directory.appendingPathComponent("not-a-directory")
            try Data("x".utf8).write(to: blocker)
            let file = blocker.appendingPathComponent("settings.json")
            let errors = Recorder<PersistenceError>()
            let persistence = Persistence<Settings>(file: file, onError: { errors.append($0) })
            let store = PersistenceFixtures.makeStore(persistence)
            store.dispatch(SetVolume(volume: 3))
            persistence.flush()
            #expect(errors.values.map(\.kind) == [.saveFailed])
            store.dispatch(SetVolume(volume: 4))
            #expect(store.state.volume == 4)
        }
    }

    @Test func aCrashBetweenWriteAndRenameLeavesTheOldStateWhole() {
        PersistenceFixtures.inDirectory { directory in
            let file = directory.appendingPathComponent("settings.json")
            do {
                let persistence = Persistence<Settings>(file: file)
                let store = PersistenceFixtures.makeStore(persistence)
                store.dispatch(SetVolume(volume: 2))
                persistence.flush()
                persistence.simulateCrashBeforeRename()
                store.dispatch(SetVolume(volume: 99))
                persistence.flush()
            }
            // The temporary file had a name of its own (no fixed `.settings.json.tmp`).
            let files = PersistenceFixtures.files(in: directory)
            #expect(files.count == 3)
            #expect(
                files.contains { $0.hasPrefix(".settings.json.tmp-") && $0.count == ".settings.json.tmp-".count + 16 })
            #expect(PersistenceFixtures.makeStore(Persistence<Settings>(file: file)).state.volume == 2)
            // The next Persistence to take the file removed what the crash left.
            #expect(PersistenceFixtures.files(in: directory) == [".settings.json.lock", "settings.json"])
        }
    }
}
