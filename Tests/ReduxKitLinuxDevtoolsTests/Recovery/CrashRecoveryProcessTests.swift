import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinuxDevtools

/// Crash recovery across real processes killed with SIGKILL (issue 22, item 2):
/// `PersistenceCrashTester recover` appends `count + 1` to a list again and
/// again, saved by Persistence and logged by an ActionLog, and is killed at
/// random moments.
@Suite("Crash recovery across processes", .serialized)
struct CrashRecoveryProcessTests {
    /// The values of the whole entry lines of the log, in file order.
    static func loggedValues(_ log: URL) throws -> [Int] {
        struct Line: Decodable {
            struct Payload: Decodable { let value: Int }
            let payload: Payload
        }
        return try ActionLogRawLog.read(at: log).sessions.flatMap(\.entries).map {
            try JSONDecoder().decode(Line.self, from: $0.data).payload.value
        }
    }

    /// What a child said when it started: its recovered count, whether the
    /// list was exactly 1...count, and its report.
    static func started(_ line: String?) -> (count: Int, whole: Bool, report: String)? {
        guard let parts = line?.split(separator: " ", maxSplits: 3), parts.count == 4, parts[0] == "started",
            let count = Int(parts[1])
        else { return nil }
        return (count, parts[2] == "true", String(parts[3]))
    }

    @Test func aChildKilledAHundredTimesAlwaysRestartsToTheStateAfterItsLastLoggedAction() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: CrashTester.executable.path))
        try await PersistenceFixtures.inDirectoryAsync { (directory: URL) async throws in
            let state = directory.appendingPathComponent("state.json")
            let log = directory.appendingPathComponent("log.jsonl")
            let durabilities = ["buffered", "eachAction", "synced", "syncedEachAction"]
            let runs = try await onOwnThread { () -> [String] in
                var problems: [String] = []
                var fromSaved = 0
                for run in 0...100 {
                    // What the last kill left: the state after the last action whose line reached the file.
                    let expected = try Self.loggedValues(log).last ?? 0
                    let child = try CrashTester.Child(["recover", state.path, log.path, durabilities[run % 4]])
                    let started = Self.started(child.readLine())
                    if started?.count != expected || started?.whole != true {
                        problems.append("run \(run): expected \(expected), started \(String(describing: started))")
                    }
                    if started?.report.contains("from the saved state") == true { fromSaved += 1 }
                    if run == 100 {
                        child.kill()
                        _ = child.waitForEnd()
                        break
                    }
                    // A random moment: after 1 to 40 of its dispatches, while its saver saves.
                    for _ in 0..<Int.random(in: 1...40) where child.readLine() != nil {}
                    child.kill()
                    let ended = child.waitForEnd()
                    if !ended.killed { problems.append("run \(run): not killed (\(ended.errors))") }
                }
                let values = try Self.loggedValues(log)
                // Never an older state after a kill: every run went on from the last logged value.
                if values != Array(1...max(values.count, 1)).prefix(values.count).map({ $0 }) {
                    problems.append("the logged values are not 1...\(values.count) in order")
                }
                let sessions = try ActionLogSessions.read(at: log)
                // A buffered run killed before its writer wrote anything leaves no session; the
                // others (eachAction and syncedEachAction write the header at the store's creation) do.
                if !(51...101).contains(sessions.sessions.count) {
                    problems.append("\(sessions.sessions.count) sessions, not 51 to 101")
                }
                print(
                    "kill -9 recovery loop: 100 kills, \(values.count) actions logged, "
                        + "\(sessions.cuts.count) torn lines, \(fromSaved) runs started from the saved state")
                return problems
            }
            #expect(runs.isEmpty, "\(runs)")
        }
    }

    @Test func twoProcessesCannotLogToOneFile() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: CrashTester.executable.path))
        try await PersistenceFixtures.inDirectoryAsync { (directory: URL) async throws in
            let state = directory.appendingPathComponent("state.json")
            let log = directory.appendingPathComponent("log.jsonl")
            let (second, values) = try await onOwnThread { () -> (CrashTester.Ended, [Int]) in
                let first = try CrashTester.Child(["recover", state.path, log.path, "eachAction"])
                for _ in 0..<5 where first.readLine() != nil {}
                let second = try CrashTester.Child(["recover", state.path, log.path, "eachAction", "20"])
                let ended = second.waitForEnd()
                first.kill()
                _ = first.waitForEnd()
                return (ended, try Self.loggedValues(log))
            }
            #expect(second.status == 0)
            #expect(second.errors.contains("another action log is writing this file"))
            #expect(second.errors.contains("in use") || second.errors.contains("another"))
            // Only the first process's actions are in the log: 1, 2, 3, … with no second run of 1...20.
            #expect(values == Array(1...values.count))
        }
    }
}
