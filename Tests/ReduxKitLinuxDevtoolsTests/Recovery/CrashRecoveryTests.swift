import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// Crash recovery in one process: a "crash" is a copy of the files taken while
/// the store still runs, which is what a `kill -9` at that moment leaves
/// (issue 22, item 2).
@Suite("Crash recovery")
struct CrashRecoveryTests {
    struct Tally: Codable, Equatable, Sendable {
        var items: [Int] = []
    }
    struct Append: Action, Codable { let value: Int }
    struct Unlogged: Action {}

    static func tally(_ state: inout Tally, _ action: any Action) {
        if let append = action as? Append { state.items.append(append.value) }
        if action is Unlogged { state.items.append(-1) }
    }

    static var registry: ActionRegistry {
        var registry = ActionRegistry()
        registry.register(Append.self)
        return registry
    }

    /// A store recovering from `directory`'s files, saving only when flushed.
    final class Launch {
        let persistence: Persistence<Tally>
        let log: ActionLog<Tally>
        let recovery: CrashRecovery<Tally>
        let store: Store<Tally>

        init(_ directory: URL) {
            persistence = Persistence(file: directory.appendingPathComponent("state.json"), debounce: .seconds(3_600))
            log = ActionLog(
                registry: CrashRecoveryTests.registry, file: directory.appendingPathComponent("log.jsonl"),
                unregistered: .skip)
            recovery = CrashRecovery(persistence: persistence, log: log)
            store = createStore(CrashRecoveryTests.tally, Tally(), recovery.enhancer)
        }

        func append(_ values: ClosedRange<Int>) {
            for value in values { store.dispatch(Append(value: value)) }
        }

        /// What a kill now would leave: the files as they are, copied to a new directory.
        func crash() throws -> URL {
            log.flush()  // what the log's thread would have written by now
            let copy = PersistenceFixtures.makeDirectory()
            let source = persistence.file.deletingLastPathComponent()
            for name in ["state.json", "log.jsonl"]
            where FileManager.default.fileExists(atPath: source.appendingPathComponent(name).path) {
                try FileManager.default.copyItem(
                    at: source.appendingPathComponent(name), to: copy.appendingPathComponent(name))
            }
            return copy
        }
    }

    @Test func theSavedStateAndTheActionsLoggedAfterItAreRecovered() throws {
        try PersistenceFixtures.inDirectory { directory in
            let first = Launch(directory)
            #expect(first.recovery.report?.start == .defaultState)
            first.append(1...5)
            first.persistence.flush()
            first.append(6...8)
            let crashed = try first.crash()
            defer { try? FileManager.default.removeItem(at: crashed) }
            let second = Launch(crashed)
            #expect(second.store.state.items == Array(1...8))
            let report = try #require(second.recovery.report)
            #expect(report.start == .savedState && report.replayed == 3 && report.isComplete && report.cut == nil)
            #expect(report.description == "recovered from the saved state and 3 logged entries after it")
            second.log.flush()
            let sessions = try ActionLogSessions.read(at: second.log.file)
            #expect(
                sessions.sessions.map(\.recovered) == [
                    ActionLogRecoveryNote(from: "none", replayed: 0), ActionLogRecoveryNote(from: "saved", replayed: 3),
                ])
        }
    }

    @Test func withNothingSavedTheSessionsStartingStateAndItsActionsAreRecovered() throws {
        try PersistenceFixtures.inDirectory { directory in
            let first = Launch(directory)
            first.append(1...4)
            let crashed = try first.crash()
            defer { try? FileManager.default.removeItem(at: crashed) }
            let second = Launch(crashed)
            #expect(second.store.state.items == Array(1...4))
            #expect(second.recovery.report?.start == .loggedState(session: 1))
            #expect(second.recovery.report?.replayed == 4)
            // And again: the second session's starting state is the newest now.
            second.append(5...6)
            let again = try second.crash()
            defer { try? FileManager.default.removeItem(at: again) }
            let third = Launch(again)
            #expect(third.store.state.items == Array(1...6))
            #expect(third.recovery.report?.start == .loggedState(session: 2))
            #expect(third.recovery.report?.replayed == 2)
        }
    }

    @Test func aSavedStateNewerThanTheLastSessionStartIsPreferredAndATornLastLineIsLeftOut() throws {
        try PersistenceFixtures.inDirectory { directory in
            let first = Launch(directory)
            first.append(1...10)
            first.persistence.flush()
            first.append(11...12)
            let crashed = try first.crash()
            defer { try? FileManager.default.removeItem(at: crashed) }
            let logFile = crashed.appendingPathComponent("log.jsonl")
            let whole = try Data(contentsOf: logFile)
            try whole.dropLast(4).write(to: logFile)  // the 12 was being written
            let second = Launch(crashed)
            #expect(second.store.state.items == Array(1...11))
            let report = try #require(second.recovery.report)
            #expect(report.start == .savedState && report.replayed == 1)
            #expect(report.cut?.session == 1)
            #expect(report.description.contains("a torn last line was left out"))
        }
    }

    @Test func recoveryStopsBeforeAnEntryItCannotReplayAndSaysSo() throws {
        try PersistenceFixtures.inDirectory { directory in
            let first = Launch(directory)
            first.append(1...2)
            first.store.dispatch(Unlogged())
            first.append(3...3)
            let crashed = try first.crash()
            defer { try? FileManager.default.removeItem(at: crashed) }
            let second = Launch(crashed)
            #expect(second.store.state.items == [1, 2])
            let report = try #require(second.recovery.report)
            #expect(!report.isComplete)
            #expect(report.stoppedEarly?.contains("Unlogged") == true)
        }
    }

    @Test func aSaveWritesTheLogFirstSoASavedStateNeverGetsAheadOfIt() throws {
        try PersistenceFixtures.inDirectory { directory in
            let launch = Launch(directory)
            launch.log.flush()
            let sink = try #require(launch.log.sinkForTesting)
            sink.setSuspendedForTesting(true)  // the log's thread writes nothing now
            launch.append(1...3)
            #expect(try ActionLogTests.entryLines(of: launch.log.file).isEmpty)
            launch.persistence.flush()
            #expect(try ActionLogTests.entryLines(of: launch.log.file).count == 3)
            let saved = try String(contentsOf: launch.persistence.file, encoding: .utf8)
            #expect(saved.contains(#""log":{"entry":3,"place":{"#))
            #expect(saved.contains(#""session":"\#(launch.log.sessionID!)"}"#))
            sink.setSuspendedForTesting(false)
        }
    }

    @Test func aStateSavedWithoutRecoveryIsKeptWhenTheLogCannotPlaceIt() {
        PersistenceFixtures.inDirectory { directory in
            do {
                let plain = Persistence<Tally>(file: directory.appendingPathComponent("state.json"))
                let store = createStore(Self.tally, Tally(), plain.enhancer)
                store.dispatch(Append(value: 1))
            }
            let launch = Launch(directory)
            #expect(launch.store.state.items == [1])
            #expect(launch.recovery.report?.start == .savedState)
            #expect(launch.recovery.report?.replayed == 0)
        }
    }

    @Test func aRotatedLogRecoversFromTheStateItsNewestFileStartsWith() throws {
        try PersistenceFixtures.inDirectory { directory in
            let logFile = directory.appendingPathComponent("log.jsonl")
            do {
                let recovery = CrashRecovery(
                    persistence: Persistence<Tally>(
                        file: directory.appendingPathComponent("state.json"), debounce: .seconds(3_600)),
                    log: ActionLog(
                        registry: Self.registry, file: logFile, rotation: ActionLogRotation(maxBytes: 400, keep: 1)))
                let store = createStore(Self.tally, Tally(), recovery.enhancer)
                for value in 1...60 {
                    store.dispatch(Append(value: value))
                    recovery.log.flush()
                }
                // A crash: what the files hold now is all the next launch has (nothing was saved).
                let copy = PersistenceFixtures.makeDirectory()
                defer { try? FileManager.default.removeItem(at: copy) }
                for part in ActionLogRawLog.files(of: logFile) {
                    try FileManager.default.copyItem(at: part, to: copy.appendingPathComponent(part.lastPathComponent))
                }
                #expect(ActionLogRawLog.files(of: copy.appendingPathComponent("log.jsonl")).count == 2)
                let next = Launch(copy)
                #expect(next.store.state.items == Array(1...60))
                #expect(next.recovery.report?.start == .loggedState(session: 1))
            }
        }
    }

    @Test func aRecoveryRecoversOneStore() async {
        await #expect(processExitsWith: .failure) {
            let directory = PersistenceFixtures.makeDirectory()
            let launch = Launch(directory)
            _ = createStore(CrashRecoveryTests.tally, Tally(), launch.recovery.enhancer)
        }
    }
}
