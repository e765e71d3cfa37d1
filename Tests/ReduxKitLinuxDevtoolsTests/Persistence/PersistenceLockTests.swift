import Foundation
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// One writer per file: the advisory lock a Persistence holds for its life.
/// (Two processes: PersistenceProcessTests.)
@Suite("Persistence single writer")
struct PersistenceLockTests {
    typealias Settings = PersistenceFixtures.Settings
    typealias SetVolume = PersistenceFixtures.SetVolume

    @Test func aSecondPersistenceOfTheSameFileIsRefusedReadsNothingAndWritesNothing() throws {
        try PersistenceFixtures.inDirectory { (directory: URL) throws in
            let file = directory.appendingPathComponent("settings.json")
            do {
                let (first, firstErrors) = PersistenceFixtures.recording(file)
                let firstStore = PersistenceFixtures.makeStore(first)
                firstStore.dispatch(SetVolume(volume: 3))
                first.flush()

                let (second, secondErrors) = PersistenceFixtures.recording(file)
                let secondStore = PersistenceFixtures.makeStore(second)
                #expect(secondErrors.values.map(\.kind) == [.fileInUse])
                #expect(secondStore.state == Settings())
                #expect(!second.isSaving)
                secondStore.dispatch(SetVolume(volume: 9))
                second.flush()
                #expect(try PersistenceFixtures.saved(in: file).volume == 3)

                firstStore.dispatch(SetVolume(volume: 4))
                first.flush()
                #expect(try PersistenceFixtures.saved(in: file).volume == 4)
                #expect(firstErrors.values.isEmpty)
                #expect(secondErrors.count == 1)
            }
            // Both stores are gone, and their locks with them: the file can be taken again.
            let (third, thirdErrors) = PersistenceFixtures.recording(file)
            #expect(PersistenceFixtures.makeStore(third).state.volume == 4)
            #expect(thirdErrors.values.isEmpty)
        }
    }

    /// A lock released while another thread starts a process is free at once:
    /// with `flock` the child kept it until its `exec` (1 in 11 retakes failed
    /// with a thread spawning `/bin/true`; CI caught the test above failing so).
    @Test func aFreedFileCanBeTakenAgainWhileAnotherThreadStartsProcesses() throws {
        try PersistenceFixtures.inDirectory { (directory: URL) throws in
            let file = directory.appendingPathComponent("settings.json")
            let done = Flag()
            let ended = DispatchSemaphore(value: 0)
            let spawned = Counter()
            let spawner = Thread {
                let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
                while !done.isSet {
                    var pid: pid_t = 0
                    guard posix_spawn(&pid, "/bin/true", nil, nil, argv, nil) == 0 else { continue }
                    spawned.increment()
                    var status: Int32 = 0
                    _ = waitpid(pid, &status, 0)
                }
                free(argv[0])
                ended.signal()
            }
            spawner.start()
            // At least 300 retakes, overlapping at least 100 process starts.
            var refused = 0
            var round = 0
            while round < 300 || spawned.count < 100 {
                let (persistence, errors) = PersistenceFixtures.recording(file)
                let store = PersistenceFixtures.makeStore(persistence)
                store.dispatch(SetVolume(volume: round))
                if !errors.values.isEmpty { refused += 1 }
                round += 1
            }
            done.set()
            ended.wait()
            #expect(refused == 0)
        }
    }

    @Test func aSymbolicLinkToAKeptFileIsRefusedToo() throws {
        try PersistenceFixtures.inDirectory { (directory: URL) throws in
            let file = directory.appendingPathComponent("settings.json")
            let link = directory.appendingPathComponent("alias.json")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
            let (first, _) = PersistenceFixtures.recording(file)
            let firstStore = PersistenceFixtures.makeStore(first)
            firstStore.dispatch(SetVolume(volume: 6))
            first.flush()
            let (second, errors) = PersistenceFixtures.recording(link)
            let secondStore = PersistenceFixtures.makeStore(second)
            secondStore.dispatch(SetVolume(volume: 7))
            second.flush()
            #expect(errors.values.map(\.kind) == [.fileInUse])
            #expect(try PersistenceFixtures.saved(in: file).volume == 6)
        }
    }

    /// The issue's scenario: two stores persisting one file in one process, a
    /// reader reading it all the while (48 of 330 reads saw it empty or torn).
    @Test func twoStoresSavingOneFileNeverLetAReaderSeeItEmptyOrTorn() throws {
        try PersistenceFixtures.inDirectory { (directory: URL) throws in
            let file = directory.appendingPathComponent("settings.json")
            try Data(#"{"state":{"name":"start","volume":0},"version":1}"#.utf8).write(to: file)
            let errors = Recorder<PersistenceError.Kind>()
            let torn = Counter()
            let reads = Counter()
            // Both stores are created before anyone writes or reads.
            let attached = DispatchGroup()
            attached.enter()
            attached.enter()
            onThreads(3) { index in
                guard index < 2 else {
                    attached.wait()
                    for _ in 0..<330 {
                        reads.increment()
                        guard let data = FileManager.default.contents(atPath: file.path),
                            (try? JSONDecoder().decode(SavedSettings.self, from: data)) != nil
                        else {
                            torn.increment()
                            continue
                        }
                    }
                    return
                }
                let persistence = Persistence<Settings>(
                    file: file, clock: TestClock(), onError: { errors.append($0.kind) })
                let store = PersistenceFixtures.makeStore(persistence)
                attached.leave()
                attached.wait()
                for volume in 1...150 {
                    store.dispatch(SetVolume(volume: index * 1_000 + volume))
                    persistence.flush()
                }
            }
            #expect(reads.count == 330)
            #expect(torn.count == 0)
            #expect(errors.values == [.fileInUse])
            let saved = try PersistenceFixtures.saved(in: file)
            #expect(saved.volume == 150 || saved.volume == 1_150)
        }
    }

    struct SavedSettings: Decodable {
        let version: Int
        let state: Settings
    }
}
