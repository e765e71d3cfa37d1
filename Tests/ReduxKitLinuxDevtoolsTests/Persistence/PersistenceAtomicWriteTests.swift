import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// How saves replace the file: a temporary file of its own, created
/// exclusively without following links, `fsync`, `rename(2)`.
@Suite("Persistence atomic writes")
struct PersistenceAtomicWriteTests {
    typealias Settings = PersistenceFixtures.Settings
    typealias SetVolume = PersistenceFixtures.SetVolume

    static func mode(of path: String) -> mode_t {
        var info = stat()
        lstat(path, &info)
        return info.st_mode & 0o7777
    }

    @Test func aSymlinkPlantedAtTheOldFixedTemporaryNameIsNeverFollowed() throws {
        try PersistenceFixtures.inDirectory { (directory: URL) throws in
            let file = directory.appendingPathComponent("settings.json")
            let victim = directory.appendingPathComponent("victim.txt")
            try Data("precious".utf8).write(to: victim)
            let planted = directory.appendingPathComponent(".settings.json.tmp")
            try FileManager.default.createSymbolicLink(at: planted, withDestinationURL: victim)
            do {
                let (persistence, errors) = PersistenceFixtures.recording(file)
                let store = PersistenceFixtures.makeStore(persistence)
                store.dispatch(SetVolume(volume: 3))
                persistence.flush()
                #expect(errors.values.isEmpty)
            }
            #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
            #expect(try PersistenceFixtures.saved(in: file).volume == 3)
            var info = stat()
            lstat(file.path, &info)
            #expect(info.st_mode & S_IFMT == S_IFREG)
        }
    }

    @Test func aTemporaryNameThatIsTakenIsNeverOpenedAndAnotherIsUsed() throws {
        try PersistenceFixtures.inDirectory { (directory: URL) throws in
            let target = PersistenceTarget(path: directory.appendingPathComponent("settings.json").path)
            let victim = directory.appendingPathComponent("victim.txt")
            try Data("precious".utf8).write(to: victim)
            // The first name tried is a symbolic link to the victim, the second a regular file,
            // as if an adversary had guessed them; the third is free.
            let names = ["1", "2", "3"].map { "\(target.directory)/\(target.temporaryPrefix)000000000000000\($0)" }
            try FileManager.default.createSymbolicLink(atPath: names[0], withDestinationPath: victim.path)
            try Data("someone else's".utf8).write(to: URL(fileURLWithPath: names[1]))
            let tried = Recorder<String>()
            try PersistenceAtomicFile.replace(target, with: Data("new state".utf8)) {
                let name = names[tried.count]
                tried.append(name)
                return name
            }
            #expect(tried.values == names)
            #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
            #expect(try String(contentsOfFile: names[1], encoding: .utf8) == "someone else's")
            #expect(try String(contentsOfFile: target.path, encoding: .utf8) == "new state")
            #expect(!FileManager.default.fileExists(atPath: names[2]))
        }
    }

    @Test func aNewFileIsPrivateAndASavedFileKeepsItsPermissions() throws {
        try PersistenceFixtures.inDirectory { (directory: URL) throws in
            let file = directory.appendingPathComponent("settings.json")
            let (persistence, _) = PersistenceFixtures.recording(file)
            let store = PersistenceFixtures.makeStore(persistence)
            store.dispatch(SetVolume(volume: 1))
            persistence.flush()
            #expect(Self.mode(of: file.path) == 0o600)
            chmod(file.path, 0o640)
            store.dispatch(SetVolume(volume: 2))
            persistence.flush()
            #expect(Self.mode(of: file.path) == 0o640)
            #expect(try PersistenceFixtures.saved(in: file).volume == 2)
        }
    }

    @Test func aWriteThatFailsLeavesNoTemporaryFileAndTheOldStateWhole() throws {
        try PersistenceFixtures.inDirectory { (directory: URL) throws in
            let file = directory.appendingPathComponent("settings.json")
            let (persistence, errors) = PersistenceFixtures.recording(file)
            let store = PersistenceFixtures.makeStore(persistence)
            // After the store took the file, something puts a directory in its place:
            // the rename fails.
            try FileManager.default.createDirectory(
                at: file.appendingPathComponent("inside"), withIntermediateDirectories: true)
            store.dispatch(SetVolume(volume: 2))
            persistence.flush()
            #expect(errors.values.map(\.kind) == [.saveFailed])
            #expect(PersistenceFixtures.files(in: directory) == [".settings.json.lock", "settings.json"])
            #expect(PersistenceFixtures.files(in: file) == ["inside"])
        }
    }

    @Test func eachSaveUsesATemporaryNameOfItsOwn() throws {
        try PersistenceFixtures.inDirectory { (directory: URL) throws in
            let file = directory.appendingPathComponent("settings.json")
            let (persistence, _) = PersistenceFixtures.recording(file)
            let store = PersistenceFixtures.makeStore(persistence)
            persistence.simulateCrashBeforeRename()
            for volume in 1...3 {
                store.dispatch(SetVolume(volume: volume))
                persistence.flush()
            }
            let temporaries = PersistenceFixtures.files(in: directory).filter { $0.hasPrefix(".settings.json.tmp") }
            #expect(temporaries.count == 3)
            #expect(temporaries.allSatisfy { PersistenceTarget(path: file.path).isTemporary($0) && $0.count == 35 })
        }
    }
}
