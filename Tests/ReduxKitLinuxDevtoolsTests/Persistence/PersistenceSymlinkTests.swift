import Foundation
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// The symlink policy: a state file that is a symbolic link is resolved once to
/// its target, which must be a regular file or not exist; saves replace the
/// target atomically in its own directory. (A link planted at a temporary
/// name: PersistenceAtomicWriteTests.)
@Suite("Persistence symbolic links")
struct PersistenceSymlinkTests {
    typealias Settings = PersistenceFixtures.Settings
    typealias SetVolume = PersistenceFixtures.SetVolume

    static func isSymbolicLink(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    @Test func aLinkedStateFileIsRestoredFromItsTargetAndSavesReplaceTheTarget() throws {
        try PersistenceFixtures.inDirectory { (directory: URL) throws in
            let data = directory.appendingPathComponent("data")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            let target = data.appendingPathComponent("real.json")
            try Data(#"{"state":{"name":"linked","volume":4},"version":1}"#.utf8).write(to: target)
            let link = directory.appendingPathComponent("settings.json")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            do {
                let (persistence, errors) = PersistenceFixtures.recording(link)
                let store = PersistenceFixtures.makeStore(persistence)
                #expect(store.state == Settings(volume: 4, name: "linked"))
                store.dispatch(SetVolume(volume: 8))
                persistence.flush()
                store.dispatch(SetVolume(volume: 9))
                persistence.flush()
                #expect(errors.values.isEmpty)
            }
            #expect(Self.isSymbolicLink(link))
            #expect(try PersistenceFixtures.saved(in: target).volume == 9)
            // The temporary files and the lock live beside the target, not the link.
            #expect(PersistenceFixtures.files(in: directory) == ["data", "settings.json"])
            #expect(PersistenceFixtures.files(in: data) == [".real.json.lock", "real.json"])
        }
    }

    @Test func aRelativeDanglingLinkIsSavedToTheFileItNames() throws {
        try PersistenceFixtures.inDirectory { (directory: URL) throws in
            let data = directory.appendingPathComponent("data")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            let link = directory.appendingPathComponent("settings.json")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "data/new.json")
            do {
                let (persistence, errors) = PersistenceFixtures.recording(link)
                let store = PersistenceFixtures.makeStore(persistence)
                #expect(store.state == Settings())
                store.dispatch(SetVolume(volume: 2))
                persistence.flush()
                #expect(errors.values.isEmpty)
            }
            #expect(Self.isSymbolicLink(link))
            #expect(try PersistenceFixtures.saved(in: data.appendingPathComponent("new.json")).volume == 2)
            // And the next launch restores through the link.
            let (again, _) = PersistenceFixtures.recording(link)
            #expect(PersistenceFixtures.makeStore(again).state.volume == 2)
        }
    }

    @Test func aLinkToADirectoryIsRefusedAndLeftAlone() throws {
        try PersistenceFixtures.inDirectory { (directory: URL) throws in
            let folder = directory.appendingPathComponent("folder")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("keep".utf8).write(to: folder.appendingPathComponent("inside.txt"))
            let link = directory.appendingPathComponent("settings.json")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: folder)
            let (persistence, errors) = PersistenceFixtures.recording(link)
            let store = PersistenceFixtures.makeStore(persistence)
            #expect(errors.values.map(\.kind) == [.notARegularFile])
            #expect(store.state == Settings())
            store.dispatch(SetVolume(volume: 3))
            persistence.flush()
            #expect(!persistence.isSaving)
            #expect(errors.count == 1)
            #expect(Self.isSymbolicLink(link))
            #expect(PersistenceFixtures.files(in: directory) == ["folder", "settings.json"])
            #expect(PersistenceFixtures.files(in: folder) == ["inside.txt"])
        }
    }

    @Test func aLoopOfLinksIsReportedAndNothingIsReplaced() throws {
        try PersistenceFixtures.inDirectory { (directory: URL) throws in
            let first = directory.appendingPathComponent("settings.json")
            let second = directory.appendingPathComponent("other.json")
            try FileManager.default.createSymbolicLink(atPath: first.path, withDestinationPath: "other.json")
            try FileManager.default.createSymbolicLink(atPath: second.path, withDestinationPath: "settings.json")
            let (persistence, errors) = PersistenceFixtures.recording(first)
            let store = PersistenceFixtures.makeStore(persistence)
            store.dispatch(SetVolume(volume: 3))
            persistence.flush()
            #expect(errors.values.map(\.kind) == [.unreadable])
            #expect((errors.values.first?.underlying as? POSIXError)?.code == .ELOOP)
            #expect(Self.isSymbolicLink(first) && Self.isSymbolicLink(second))
            #expect(PersistenceFixtures.files(in: directory) == ["other.json", "settings.json"])
        }
    }
}
