import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// Persistence across processes: killed with SIGKILL mid-save, two processes
/// sharing one file, a normal exit with changes pending, failures on standard
/// error. The child is `Sources/PersistenceCrashTester`.
@Suite("Persistence across processes")
struct PersistenceProcessTests {
    typealias CrashState = CrashTester.CrashState

    /// The counts a tester's output confirms: `started N …` and each `flushed N`.
    static func counts(in output: String) -> (started: Int?, lastFlushed: Int?) {
        var started: Int?
        var lastFlushed: Int?
        for line in output.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count >= 2, let count = Int(words[1]) else { continue }
            if words[0] == "started" { started = count }
            if words[0] == "flushed" { lastFlushed = count }
        }
        return (started, lastFlushed)
    }

    /// One run of the loop: what was found after the kill.
    struct Kill: Sendable {
        var fileCount: Int?
        var whole = false
        var started: Int?
        var lastFlushed: Int?
        var killed = false
        var temporaryLeft = false
    }

    @Test func aChildKilledMidSaveAHundredTimesAlwaysLeavesAWholeSavedState() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: CrashTester.executable.path))
        try await PersistenceFixtures.inDirectoryAsync { (directory: URL) async throws in
            let file = directory.appendingPathComponent("state.json")
            let kills = try await onOwnThread { () -> [Kill] in
                var kills: [Kill] = []
                for _ in 0..<100 {
                    let child = try CrashTester.Child(["save", file.path, "A"])
                    // A random moment: after 0 to 14 changes, while the child's saver keeps saving.
                    let lines = Int.random(in: 1...15)
                    for _ in 0..<lines where child.readLine() != nil {}
                    child.kill()
                    let ended = child.waitForEnd()
                    let counts = Self.counts(in: ended.output)
                    var kill = Kill(started: counts.started, lastFlushed: counts.lastFlushed, killed: ended.killed)
                    kill.temporaryLeft = PersistenceFixtures.files(in: directory).contains {
                        $0.hasPrefix(".state.json.tmp-")
                    }
                    if let state = try? CrashTester.saved(in: file) {
                        kill.fileCount = state.count
                        kill.whole = state.isWhole && state.writer == "A"
                    }
                    kills.append(kill)
                }
                return kills
            }
            #expect(kills.count == 100)
            var saved = false
            for (run, kill) in kills.enumerated() {
                #expect(kill.killed, "run \(run): the child was not killed")
                // Once a state was saved, the file must hold a whole saved state after every kill.
                saved = saved || kill.lastFlushed != nil || kill.fileCount != nil
                if saved {
                    #expect(kill.fileCount != nil, "run \(run): no state file, or one that does not decode")
                    #expect(kill.whole, "run \(run): the state file is not a state the child saved")
                }
                // Nothing confirmed as saved is lost.
                if let flushed = kill.lastFlushed { #expect((kill.fileCount ?? -1) >= flushed, "run \(run)") }
                // Each run starts from what the previous one left.
                if run > 0 { #expect(kill.started == (kills[run - 1].fileCount ?? 0), "run \(run)") }
            }
            let midWrite = kills.filter(\.temporaryLeft).count
            print("kill -9 loop: 100 kills, \(midWrite) left a temporary file (killed mid-write), all files whole")
            // What the crashes left behind is removed by the next process to take the file.
            _ = try CrashTester.run(["save", file.path, "A", "1"])
            #expect(PersistenceFixtures.files(in: directory) == [".state.json.lock", "state.json"])
        }
    }

    /// The other case: two processes saving one file, killed together
    /// (1 run in 40 left a 0-byte file that the next launch set aside).
    @Test func twoProcessesSavingOneFileKilledTogetherAHundredTimesLeaveItWhole() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: CrashTester.executable.path))
        try await PersistenceFixtures.inDirectoryAsync { (directory: URL) async throws in
            let file = directory.appendingPathComponent("state.json")
            let runs = try await onOwnThread { () -> [(state: CrashState?, refused: Int)] in
                var runs: [(state: CrashState?, refused: Int)] = []
                for _ in 0..<100 {
                    let children = try ["A", "B"].map { try CrashTester.Child(["save", file.path, $0]) }
                    for child in children {
                        for _ in 0..<Int.random(in: 1...8) where child.readLine() != nil {}
                    }
                    for child in children { child.kill() }
                    let ended = children.map { $0.waitForEnd() }
                    let refused = ended.filter { $0.errors.contains("fileInUse (state.json)") }.count
                    runs.append((try? CrashTester.saved(in: file), refused))
                }
                return runs
            }
            var saved = false
            for (run, outcome) in runs.enumerated() {
                saved = saved || outcome.state != nil
                if saved {
                    #expect(
                        outcome.state?.isWhole == true, "run \(run): the file is missing, torn or not a saved state")
                }
                // One of the two took the file; the other was refused.
                #expect(outcome.refused == 1, "run \(run)")
            }
            #expect(saved)
        }
    }

    @Test func aSecondProcessIsRefusedTheFileAndTheFileStaysValid() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: CrashTester.executable.path))
        try await PersistenceFixtures.inDirectoryAsync { (directory: URL) async throws in
            let file = directory.appendingPathComponent("state.json")
            let (first, second, during, third) = try await onOwnThread {
                let first = try CrashTester.Child(["save", file.path, "A"])
                // Until the first has confirmed a save.
                while let line = first.readLine(), !line.hasPrefix("flushed") {}
                // While the first keeps saving, a second process tries the same file.
                let second = try CrashTester.run(["save", file.path, "B", "20"])
                let during = try CrashTester.saved(in: file)
                first.kill()
                let firstEnded = first.waitForEnd()
                // Once the first is gone (its lock went with it), a third may take the file.
                let third = try CrashTester.run(["save", file.path, "C", "2"])
                return (firstEnded, second, during, third)
            }
            #expect(during.writer == "A" && during.isWhole)
            #expect(second.status == 0)
            #expect(second.errors.contains("ReduxKitLinux Persistence: fileInUse (state.json)"))
            // The refused process did not read the file: it started from its default state.
            #expect(Self.counts(in: second.output).started == 0)
            let firstFlushed = try #require(Self.counts(in: first.output).lastFlushed)
            #expect(Self.counts(in: third.output).started ?? -1 >= firstFlushed)
            #expect(third.errors.isEmpty)
            let final = try CrashTester.saved(in: file)
            #expect(final.writer == "C" && final.isWhole)
        }
    }

    @Test func changesPendingAtANormalExitAreSaved() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: CrashTester.executable.path))
        try await PersistenceFixtures.inDirectoryAsync { (directory: URL) async throws in
            let file = directory.appendingPathComponent("state.json")
            let ended = try await onOwnThread { try CrashTester.run(["exit-pending", file.path, "5"]) }
            #expect(ended.status == 0)
            #expect(ended.output == "dispatched 5\n")
            #expect(ended.errors.isEmpty)
            let saved = try CrashTester.saved(in: file)
            #expect(saved.count == 5 && saved.isWhole)
        }
    }

    @Test func failuresGoToStandardErrorWhenTheAppGivesNoOnError() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: CrashTester.executable.path))
        try await PersistenceFixtures.inDirectoryAsync { (directory: URL) async throws in
            let ended = try await onOwnThread { try CrashTester.run(["report-errors", directory.path]) }
            #expect(ended.status == 0)
            let lines = ended.errors.split(separator: "\n")
            #expect(lines.allSatisfy { $0.hasPrefix("ReduxKitLinux Persistence: ") })
            // The missing directory: at the flush (and again at exit, the change still unsaved).
            #expect(lines.contains { $0.hasPrefix("ReduxKitLinux Persistence: saveFailed (state.json)") })
            // The unencodable state, never flushed: reported when the exit hook tries to save it.
            #expect(lines.contains { $0.hasPrefix("ReduxKitLinux Persistence: encodingFailed (nan.json)") })
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("nan.json").path))
        }
    }
}
