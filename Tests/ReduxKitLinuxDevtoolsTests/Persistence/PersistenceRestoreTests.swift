import Foundation
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// Restoring: only a file read in full and found unusable is set aside; a read
/// error leaves the file alone and stops saving. (Decoding failures:
/// PersistenceTests.)
@Suite("Persistence restore")
struct PersistenceRestoreTests {
    typealias Settings = PersistenceFixtures.Settings
    typealias SetVolume = PersistenceFixtures.SetVolume

    /// A file system whose reads fail with `code`, as a real one can.
    static func failingReads(_ code: POSIXErrorCode) -> PersistenceFileSystem {
        PersistenceFileSystem(contents: { _ in throw POSIXError(code) })
    }

    /// The issue's case: started with no free file descriptors, a good state
    /// file was set aside and then overwritten.
    @Test(arguments: [POSIXErrorCode.EMFILE, .EACCES, .EIO])
    func aReadErrorLeavesTheFileAloneAndStopsSaving(code: POSIXErrorCode) throws {
        try PersistenceFixtures.inDirectory { (directory: URL) throws in
            let file = directory.appendingPathComponent("settings.json")
            let good = Data(#"{"state":{"name":"good","volume":77},"version":1}"#.utf8)
            try good.write(to: file)
            do {
                let errors = Recorder<PersistenceError>()
                let persistence = Persistence<Settings>(
                    file: file, clock: TestClock(), onError: { errors.append($0) },
                    fileSystem: Self.failingReads(code))
                let store = PersistenceFixtures.makeStore(persistence)
                #expect(store.state == Settings())
                #expect(errors.values.map(\.kind) == [.unreadable])
                #expect(errors.values.first?.keptAsideAt == nil)
                #expect((errors.values.first?.underlying as? POSIXError)?.code == code)
                #expect(!persistence.isSaving)
                store.dispatch(SetVolume(volume: 1))
                persistence.flush()
                #expect(errors.count == 1)
            }
            // Nothing set aside, nothing written, even when the store was freed.
            #expect(try Data(contentsOf: file) == good)
            #expect(PersistenceFixtures.strangers(in: directory, besides: "settings.json").isEmpty)
            // The next launch, reading fine, finds the state.
            let (again, _) = PersistenceFixtures.recording(file)
            #expect(PersistenceFixtures.makeStore(again).state.volume == 77)
        }
    }

    @Test func aDirectoryAtTheStatePathIsLeftAloneAndNothingIsSaved() throws {
        try PersistenceFixtures.inDirectory { (directory: URL) throws in
            let file = directory.appendingPathComponent("settings.json")
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
            try Data("keep".utf8).write(to: file.appendingPathComponent("inside.txt"))
            let (persistence, errors) = PersistenceFixtures.recording(file)
            let store = PersistenceFixtures.makeStore(persistence)
            store.dispatch(SetVolume(volume: 1))
            persistence.flush()
            #expect(errors.values.map(\.kind) == [.notARegularFile])
            #expect(errors.values.first?.keptAsideAt == nil)
            #expect(PersistenceFixtures.files(in: directory) == ["settings.json"])
            #expect(PersistenceFixtures.files(in: file) == ["inside.txt"])
        }
    }

    @Test func aFileReadInFullThatDoesNotDecodeIsStillSetAside() throws {
        try PersistenceFixtures.inDirectory { (directory: URL) throws in
            let file = directory.appendingPathComponent("settings.json")
            let torn = Data(#"{"state":{"name":"x","vol"#.utf8)
            try torn.write(to: file)
            let (persistence, errors) = PersistenceFixtures.recording(file)
            let store = PersistenceFixtures.makeStore(persistence)
            #expect(errors.values.map(\.kind) == [.corrupt])
            let aside = try #require(errors.values.first?.keptAsideAt)
            #expect(try Data(contentsOf: aside) == torn)
            #expect(persistence.isSaving)
            store.dispatch(SetVolume(volume: 2))
            persistence.flush()
            #expect(try PersistenceFixtures.saved(in: file).volume == 2)
        }
    }

    /// The version is read before the state: a file from a newer version whose
    /// state has another shape is reported as newer, not as corrupt.
    @Test func aNewerFileIsJudgedByItsVersionWithoutDecodingItsState() throws {
        try PersistenceFixtures.inDirectory { (directory: URL) throws in
            let file = directory.appendingPathComponent("settings.json")
            try Data(#"{"state":[1,2,3],"version":9}"#.utf8).write(to: file)
            let (persistence, errors) = PersistenceFixtures.recording(file)
            _ = PersistenceFixtures.makeStore(persistence)
            #expect(errors.values.map(\.kind) == [.newerVersion(9)])
        }
    }
}
