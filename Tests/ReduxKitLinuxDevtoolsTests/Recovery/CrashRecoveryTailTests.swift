import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// Issue 34: what crash recovery reads grows with what it replays, not with
/// the log. Pinned by the bytes it reads (``CrashRecoveryReport/logBytesRead``),
/// never by timing.
@Suite("Crash recovery reads the log's tail")
struct CrashRecoveryTailTests {
    typealias Launch = CrashRecoveryTests.Launch

    /// A launch that logged `count` actions and saved the state after them, then crashed.
    static func crashedAfterSaving(_ count: Int, in directory: URL, thenLogged after: Int = 0) throws -> URL {
        let launch = Launch(directory)
        launch.append(1...count)
        launch.persistence.flush()
        if after > 0 { launch.append((count + 1)...(count + after)) }
        return try launch.crash()
    }

    static func logSize(in directory: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(
            atPath: directory.appendingPathComponent("log.jsonl").path)
        return (attributes[.size] as? Int) ?? 0
    }

    @Test func withNothingToReplayASmallLogAndOneFiftyTimesLargerReadTheSameFewBytes() throws {
        var reads: [Int] = []
        var sizes: [Int] = []
        for count in [200, 10_000] {
            try PersistenceFixtures.inDirectory { directory in
                let crashed = try Self.crashedAfterSaving(count, in: directory)
                defer { try? FileManager.default.removeItem(at: crashed) }
                sizes.append(try Self.logSize(in: crashed))
                let recovered = Launch(crashed)
                #expect(recovered.store.state.items.count == count)
                let report = try #require(recovered.recovery.report)
                #expect(report.start == .savedState)
                #expect(report.replayed == 0)
                #expect(report.isComplete)
                reads.append(report.logBytesRead)
            }
        }
        #expect(sizes[1] > 40 * sizes[0])
        // The header's first bytes and the newline before the place: nothing else.
        #expect(reads[0] == reads[1])
        #expect(reads[1] < 1_024)
    }

    @Test func theActionsAfterTheSaveAreWhatIsRead() throws {
        try PersistenceFixtures.inDirectory { directory in
            let crashed = try Self.crashedAfterSaving(5_000, in: directory, thenLogged: 10)
            defer { try? FileManager.default.removeItem(at: crashed) }
            let lines = try String(contentsOf: crashed.appendingPathComponent("log.jsonl"), encoding: .utf8)
                .split(separator: "\n")
            let lastTen = lines.suffix(10).reduce(0) { $0 + $1.utf8.count + 1 }
            let recovered = Launch(crashed)
            #expect(recovered.store.state.items == Array(1...5_010))
            let report = try #require(recovered.recovery.report)
            #expect(report.start == .savedState)
            #expect(report.replayed == 10)
            #expect(report.logBytesRead >= lastTen)
            #expect(report.logBytesRead < lastTen + 1_024)
        }
    }

    @Test func withNothingSavedTheLastSessionIsReadFromItsEnd() throws {
        try PersistenceFixtures.inDirectory { directory in
            let first = Launch(directory)
            first.append(1...5_000)  // a first session far larger than a chunk
            first.log.flush()
            let crashed = try first.crash()
            defer { try? FileManager.default.removeItem(at: crashed) }
            try? FileManager.default.removeItem(at: crashed.appendingPathComponent("state.json"))
            let second = Launch(crashed)
            second.append(5_001...5_003)
            let again = try second.crash()
            defer { try? FileManager.default.removeItem(at: again) }
            try? FileManager.default.removeItem(at: again.appendingPathComponent("state.json"))
            let size = try Self.logSize(in: again)
            let third = Launch(again)
            #expect(third.store.state.items == Array(1...5_003))
            let report = try #require(third.recovery.report)
            #expect(report.start == .loggedState(session: 2))
            #expect(report.replayed == 3)
            // The second session from its end back to its header, a chunk at a time;
            // then, to number the session, the lines before it counted once.
            #expect(report.logBytesRead <= size + ActionLogBackwardLines.chunk)
            // The whole log numbers the second session so too (the third is this launch's).
            let sessions = try ActionLogSessions.read(at: again.appendingPathComponent("log.jsonl"))
            #expect(sessions.sessions.map(\.entries) == [5_000, 3, 0])
        }
    }

    @Test func aPlaceThatNoLongerChecksOutIsPassedOverAndTheLogIsReadFromItsEnd() throws {
        try PersistenceFixtures.inDirectory { directory in
            let crashed = try Self.crashedAfterSaving(300, in: directory, thenLogged: 4)
            defer { try? FileManager.default.removeItem(at: crashed) }
            let stateFile = crashed.appendingPathComponent("state.json")
            let saved = try String(contentsOf: stateFile, encoding: .utf8)
            let wrong = saved.replacingOccurrences(of: #""header":0"#, with: #""header":17"#)
            #expect(wrong != saved)
            try wrong.write(to: stateFile, atomically: true, encoding: .utf8)
            let recovered = Launch(crashed)
            #expect(recovered.store.state.items == Array(1...304))
            let report = try #require(recovered.recovery.report)
            #expect(report.start == .savedState)
            #expect(report.replayed == 4)
            #expect(report.logBytesRead >= (try Self.logSize(in: crashed)) - 4_096)
        }
    }

    /// A log's headers carry their numbers (issue 42): the report names the
    /// torn line from them, reading nothing before the tail; without them (a
    /// log written before), the same numbers come from counting that part.
    @Test(arguments: [true, false])
    func aTornLineIsNumberedAsTheWholeLogNumbersIt(headersCarryNumbers: Bool) throws {
        try PersistenceFixtures.inDirectory { directory in
            let first = Launch(directory)
            first.append(1...2_000)
            first.persistence.flush()
            let crashed = try first.crash()
            defer { try? FileManager.default.removeItem(at: crashed) }
            let second = Launch(crashed)  // a second session, saved at its start
            second.persistence.flush()
            second.append(2_001...2_002)
            let again = try second.crash()
            defer { try? FileManager.default.removeItem(at: again) }
            let log = again.appendingPathComponent("log.jsonl")
            let handle = try FileHandle(forWritingTo: log)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(#"{"type":"Append","timest"#.utf8))
            try handle.close()
            if !headersCarryNumbers {
                let text = try String(contentsOf: log, encoding: .utf8)
                try text.replacing(/,"number":\d+,"line":\d+/, with: "").write(
                    to: log, atomically: true, encoding: .utf8)
            }
            let expected = try #require(try ActionLogSessions.read(at: log).cuts.first)
            let third = Launch(again)
            #expect(third.store.state.items == Array(1...2_002))
            let report = try #require(third.recovery.report)
            #expect(report.start == .savedState)
            #expect(report.replayed == 2)
            #expect(report.cut == expected)
            #expect(report.cut?.session == 2)
            #expect(report.cut?.line == 2_000 + 2 + 2 + 1)
            // The tail and the first header's first bytes, or the 2,000 lines before the tail counted too.
            #expect(headersCarryNumbers ? report.logBytesRead < 4_096 : report.logBytesRead > 2_000 * 40)
        }
    }

    @Test func aRestartAfterARestartReadsOnlyWhatTheLastOneLogged() throws {
        try PersistenceFixtures.inDirectory { directory in
            let crashed = try Self.crashedAfterSaving(3_000, in: directory)
            defer { try? FileManager.default.removeItem(at: crashed) }
            let second = Launch(crashed)
            second.persistence.flush()  // the recovered state, saved with the new session's place
            let again = try second.crash()
            defer { try? FileManager.default.removeItem(at: again) }
            let third = Launch(again)
            #expect(third.store.state.items == Array(1...3_000))
            let report = try #require(third.recovery.report)
            #expect(report.start == .savedState)
            #expect(report.replayed == 0)
            #expect(report.logBytesRead < 1_024)
        }
    }

    /// A launch whose log rotates every 2,000 bytes: `saveAfter` actions, a save, then up to `total`.
    static func rotatedLaunch(in directory: URL, saveAfter: Int, total: Int) throws -> URL {
        let recovery = CrashRecovery(
            persistence: Persistence<CrashRecoveryTests.Tally>(
                file: directory.appendingPathComponent("state.json"), debounce: .seconds(3_600)),
            log: ActionLog(
                registry: CrashRecoveryTests.registry, file: directory.appendingPathComponent("log.jsonl"),
                rotation: ActionLogRotation(maxBytes: 2_000, keep: 2)))
        let store = createStore(CrashRecoveryTests.tally, CrashRecoveryTests.Tally(), recovery.enhancer)
        for value in 1...total {
            store.dispatch(CrashRecoveryTests.Append(value: value))
            recovery.log.flush()
            if value == saveAfter { recovery.persistence.flush() }
        }
        let copy = PersistenceFixtures.makeDirectory()
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where !name.hasPrefix(".") {
            try FileManager.default.copyItem(
                at: directory.appendingPathComponent(name), to: copy.appendingPathComponent(name))
        }
        return copy
    }

    @Test func aSaveInTheNewestRotatedFileIsFoundByItsPlace() throws {
        try PersistenceFixtures.inDirectory { directory in
            let crashed = try Self.rotatedLaunch(in: directory, saveAfter: 100, total: 100)
            defer { try? FileManager.default.removeItem(at: crashed) }
            let recovered = Launch(crashed)
            #expect(recovered.store.state.items == Array(1...100))
            let report = try #require(recovered.recovery.report)
            #expect(report.start == .savedState)
            #expect(report.replayed == 0)
            #expect(report.logBytesRead < 1_024)
        }
    }

    @Test func aSaveInAFileRotatedSinceGivesWayToTheNewestFilesContinuation() throws {
        try PersistenceFixtures.inDirectory { directory in
            let crashed = try Self.rotatedLaunch(in: directory, saveAfter: 20, total: 100)
            defer { try? FileManager.default.removeItem(at: crashed) }
            let newest = try String(contentsOf: crashed.appendingPathComponent("log.jsonl"), encoding: .utf8)
            let entries = newest.split(separator: "\n").count - 1  // the continuation header, then entries
            let recovered = Launch(crashed)
            #expect(recovered.store.state.items == Array(1...100))
            let report = try #require(recovered.recovery.report)
            #expect(report.start == .loggedState(session: 1))
            #expect(report.replayed == entries)
            #expect(report.isComplete)
        }
    }

    @Test(arguments: [
        Data(), Data("\n\n\n".utf8), Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }),
        Data(#"{"session":"x"#.utf8),
        Data((#"{"session":"A","timestamp":"t","version":1,"entry":0,"state":{"items":[7]}}"# + "\n\u{1}garbage").utf8),
    ])
    func aHostileLogGivesAStateAndAReportNeverACrash(_ contents: Data) throws {
        try PersistenceFixtures.inDirectory { directory in
            let crashed = try Self.crashedAfterSaving(3, in: directory)
            defer { try? FileManager.default.removeItem(at: crashed) }
            try contents.write(to: crashed.appendingPathComponent("log.jsonl"))
            let recovered = Launch(crashed)
            let report = try #require(recovered.recovery.report)
            // The saved state's place no longer checks out; the log holds nothing to add to it.
            #expect(recovered.store.state.items == [1, 2, 3] || recovered.store.state.items == [7])
            #expect(report.logBytesRead <= contents.count + 1_024)  // the place checked, then the log
            #expect(report.replayed == 0)
        }
    }

    @Test func aHeaderIsReadFromItsFirstBytes() {
        let line = Array(
            #"{"session":"A-1","continues":true,"timestamp":"2026-12-04T05:00:00.000Z","version":3,"entry":42,"state":{}}"#
                .utf8)
        let fields = ActionLogSessionHeader(firstBytes: line)
        #expect(fields?.session == "A-1")
        #expect(fields?.continues == true)
        #expect(fields?.version == 3)
        #expect(fields?.entry == 42)
        // The window may end anywhere after the fields a header needs.
        let cut = ActionLogSessionHeader(firstBytes: line.prefix(line.count - 10))
        #expect(cut == fields)
        #expect(ActionLogSessionHeader(firstBytes: Array(#"{"session":"A-1","timestamp":"x","version":1"#.utf8)) == nil)
        #expect(ActionLogSessionHeader(firstBytes: Array(#"{"type":"Append"}"#.utf8)) == nil)
    }

    @Test func linesAreReadBackwardAcrossChunksPassingOverEmptyOnes() throws {
        try PersistenceFixtures.inDirectory { directory in
            let file = directory.appendingPathComponent("lines")
            let long = String(repeating: "x", count: ActionLogBackwardLines.chunk + 10)
            try "a\n\n\(long)\nb\nc".write(to: file, atomically: true, encoding: .utf8)
            let meter = ActionLogReadMeter()
            var lines = ActionLogBackwardLines(try ActionLogFileReader(file, meter: meter))
            var read: [String] = []
            while let (_, line) = lines.previous() { read.append(String(decoding: line, as: UTF8.self)) }
            #expect(read == ["c", "b", long, "a"])
            #expect(meter.bytes == long.utf8.count + 7)
        }
    }
}
