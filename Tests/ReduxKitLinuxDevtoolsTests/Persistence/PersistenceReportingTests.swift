import Foundation
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// What is reported, and when. (Standard error by default: PersistenceProcessTests.)
@Suite("Persistence reporting")
struct PersistenceReportingTests {
    struct Reading: Codable, Equatable, Sendable {
        var value = 0.0
    }

    struct Read: Action { let value: Double }

    static func makeStore(_ persistence: Persistence<Reading>) -> Store<Reading> {
        createStore(
            { (state: Reading?, action: any Action) in
                (action as? Read).map { Reading(value: $0.value) } ?? state ?? Reading()
            }, nil, persistence.enhancer)
    }

    static func saved(in file: URL) throws -> Double {
        struct Saved: Decodable {
            let version: Int
            let state: Reading
        }
        return try JSONDecoder().decode(Saved.self, from: Data(contentsOf: file)).state.value
    }

    /// The case: a `Double.nan` in the state made every save fail
    /// silently while memory and disk drifted apart.
    @Test func anUnencodableStateIsReportedWhenItStartsFailingAndAtEveryExplicitSave() async throws {
        try await PersistenceFixtures.inDirectoryAsync { (directory: URL) async throws in
            let file = directory.appendingPathComponent("reading.json")
            let clock = TestClock()
            let errors = Recorder<PersistenceError.Kind>()
            do {
                let persistence = Persistence<Reading>(file: file, clock: clock, onError: { errors.append($0.kind) })
                let store = Self.makeStore(persistence)

                // Good to bad: reported at the save that follows.
                store.dispatch(Read(value: .nan))
                await clock.waitForSleepers()
                #expect(clock.sleepCalls == 1)
                await clock.advance(by: .milliseconds(300))
                _ = await errors.wait(forCount: 1)

                // Still bad: the saver does not repeat it...
                store.dispatch(Read(value: .infinity))
                await clock.waitForSleepers()
                #expect(clock.sleepCalls == 2)
                await clock.advance(by: .milliseconds(300))
                // ... (the saver has finished that save once it sleeps for the next change)
                store.dispatch(Read(value: -.infinity))
                await clock.waitForSleepers()
                #expect(clock.sleepCalls == 3)
                #expect(errors.count == 1)
                // ... but a flush, which the app expects to write, does.
                persistence.flush()
                #expect(errors.count == 2)

                // Bad to good: saved, nothing reported. (The saver, asleep since -infinity, sees
                // one more change and sleeps once more.)
                store.dispatch(Read(value: 1.5))
                await clock.advance(by: .milliseconds(300))
                await clock.waitForSleepers()
                #expect(clock.sleepCalls == 4)
                await clock.advance(by: .milliseconds(300))
                await persistence.waitForWrites(1)
                #expect(try Self.saved(in: file) == 1.5)
                #expect(errors.count == 2)

                // Good to bad again: reported again.
                store.dispatch(Read(value: .nan))
                await clock.waitForSleepers()
                #expect(clock.sleepCalls == 5)
                await clock.advance(by: .milliseconds(300))
                _ = await errors.wait(forCount: 3)
            }
            // The store is freed with the bad state still unsaved: said once more.
            #expect(errors.values == [.encodingFailed, .encodingFailed, .encodingFailed, .encodingFailed])
            #expect(try Self.saved(in: file) == 1.5)
        }
    }

    @Test func aFailedWriteIsReportedAndTriedAgainAtTheNextExplicitSave() throws {
        try PersistenceFixtures.inDirectory { (directory: URL) throws in
            let folder = directory.appendingPathComponent("later")
            let file = folder.appendingPathComponent("settings.json")
            let (persistence, errors) = PersistenceFixtures.recording(file)
            let store = PersistenceFixtures.makeStore(persistence)
            store.dispatch(PersistenceFixtures.SetVolume(volume: 3))
            persistence.flush()
            #expect(errors.values.map(\.kind) == [.saveFailed])
            #expect((errors.values.first?.underlying as? POSIXError)?.code == .ENOENT)
            // The directory appears: the unsaved change is written by the next flush.
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            persistence.flush()
            #expect(try PersistenceFixtures.saved(in: file).volume == 3)
            #expect(errors.count == 1)
        }
    }

    @Test func theDefaultReportIsOneLineNamingTheLibraryTheFileAndTheCause() {
        let error = PersistenceError(
            kind: .saveFailed, file: URL(fileURLWithPath: "/tmp/x/settings.json"), underlying: POSIXError(.ENOENT))
        #expect(error.description == "saveFailed (settings.json): errno 2: No such file or directory")
        let multiline = PersistenceError(
            kind: .corrupt, file: URL(fileURLWithPath: "/tmp/x/settings.json"),
            underlying: CocoaError(.fileReadCorruptFile, userInfo: [NSDebugDescriptionErrorKey: "a\nb"]))
        #expect(!multiline.description.contains("\n"))
    }
}
