import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// Writes are buffered and done by the log's own thread, never in a dispatch,
/// and everything reaches the file at flush, when the log is freed and on
/// normal exit (issue 12, item 12).
@Suite("Action log writer")
struct ActionLogWriterTests {
    typealias AddTodo = ActionLogTests.AddTodo
    typealias Todos = [ActionLogTests.Todo]
    static let registry = ActionLogTests.registry

    static func size(of file: URL) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? -1
    }

    static func lineCount(of file: URL) throws -> Int {
        try ActionLogTests.entryLines(of: file).count
    }

    @Test func aDispatchWritesNothingTheLogsThreadAndFlushWriteItAll() throws {
        let file = ActionLogTests.temporaryFile("buffered.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let log = ActionLog<Todos>(registry: Self.registry, file: file)
        let store = createStore(ActionLogTests.todos, [], log.enhancer)
        let sink = try #require(log.sinkForTesting)
        log.flush()  // the session's header, written before the writer is held
        let header = try Self.size(of: file)
        sink.setSuspendedForTesting(true)
        var sizesSeenBySubscriber: [Int] = []
        store.subscribe { _ in sizesSeenBySubscriber.append((try? Self.size(of: file)) ?? -1) }
        for index in 0..<100 { store.dispatch(AddTodo(title: "todo \(index)")) }
        #expect(sizesSeenBySubscriber == Array(repeating: header, count: 100))
        #expect(try Self.size(of: file) == header)
        log.flush()
        #expect(try Self.lineCount(of: file) == 100)
    }

    @Test func freeingTheLogAndItsStoreWritesWhatIsLeft() throws {
        let file = ActionLogTests.temporaryFile("freed.jsonl")
        defer { ActionLogTests.removeLog(file) }
        do {
            let log = ActionLog<Todos>(registry: Self.registry, file: file)
            let store = createStore(ActionLogTests.todos, [], log.enhancer)
            log.flush()  // the session's header, written before the writer is held
            try #require(log.sinkForTesting).setSuspendedForTesting(true)
            for index in 0..<50 { store.dispatch(AddTodo(title: "todo \(index)")) }
            #expect(try Self.lineCount(of: file) == 0)
            #expect(ActionLogSinks.isWriting(file))
        }
        #expect(try Self.lineCount(of: file) == 50)
        #expect(!ActionLogSinks.isWriting(file))  // its thread has stopped, the file is closed
    }

    @Test func aNormalExitWritesWhatIsLeft() async throws {
        let file = ActionLogTests.temporaryFile("exit.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let path = file.path
        await #expect(processExitsWith: .success) { [path = path as String] in
            ActionLogWriterTests.exitWithUnwrittenLines(URL(fileURLWithPath: path))
        }
        #expect(try Self.lineCount(of: file) == 25)
    }

    /// For the exit test: records 25 actions the writer's thread may not write,
    /// and exits (0 if none was written yet, 2 without a writer, 3 if some
    /// were written before the exit) with the log and store alive, in
    /// this synchronous frame (the leak checker of the address sanitizer, run
    /// at exit, does not see objects held only by an async frame).
    static func exitWithUnwrittenLines(_ file: URL) -> Never {
        exitIfStillRunning()
        let log = ActionLog<Todos>(registry: registry, file: file)
        let store = createStore(ActionLogTests.todos, [], log.enhancer)
        log.flush()  // the session's header, written before the writer is held
        guard let sink = log.sinkForTesting else { exit(2) }
        sink.setSuspendedForTesting(true)
        for index in 0..<25 { store.dispatch(AddTodo(title: "todo \(index)")) }
        // No action is in the file yet: only the exit can write them (3 tells a run that wrote some apart).
        let nothingWritten = ((try? lineCount(of: file)) ?? 0) == 0
        withExtendedLifetime((log, store)) { exit(nothingWritten ? 0 : 3) }
    }

    /// The store waits for the writer once it is `backlogLimit` entries ahead:
    /// this would never return if the writer's thread did not write by itself.
    @Test func aStoreThatOutrunsTheWriterWaitsForItAndLosesNothing() throws {
        let file = ActionLogTests.temporaryFile("backlog.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let count = ActionLogSink.backlogLimit + 5_000
        struct Tick: Action, Codable { let index: Int }
        var registry = ActionRegistry()
        registry.register(Tick.self)
        let log = ActionLog<Int>(registry: registry, file: file)
        let store = createStore(
            { (state: inout Int, action: any Action) in
                if let tick = action as? Tick { state = tick.index }
            }, 0, log.enhancer)
        for index in 0..<count { store.dispatch(Tick(index: index)) }
        log.flush()
        let lines = try ActionLogTests.entryLines(of: file)
        #expect(lines.count == count)
        #expect(lines.enumerated().allSatisfy { $0.element.hasSuffix(#""payload":{"index":\#($0.offset)}}"#) })
    }

    /// An action whose encoding waits for the test: it holds the writer up.
    struct HoldsTheWriter: Action, Codable {
        static let entered = DispatchSemaphore(value: 0)
        static let released = DispatchSemaphore(value: 0)
        func encode(to encoder: any Encoder) throws {
            Self.entered.signal()
            Self.released.wait()
            var container = encoder.singleValueContainer()
            try container.encode("held")
        }
        init() {}
        init(from decoder: any Decoder) throws {}
    }

    /// What happens when the writer falls behind: the store's dispatches wait
    /// once `backlogLimit` entries are pending (never more: memory stays
    /// bounded), nothing is dropped, and they go on when the writer catches up.
    @Test func aStoreWaitsWhenTheWriterIsBacklogLimitBehindAndGoesOnWhenItCatchesUp() throws {
        let file = ActionLogTests.temporaryFile("held.jsonl")
        defer { ActionLogTests.removeLog(file) }
        struct Tick: Action, Codable { let index: Int }
        var registry = ActionRegistry()
        registry.register(Tick.self)
        registry.register(HoldsTheWriter.self)
        let log = ActionLog<Int>(registry: registry, file: file)
        let store = SharedStore(
            createStore(
                { (state: inout Int, action: any Action) in
                    if let tick = action as? Tick { state = tick.index }
                }, 0, log.enhancer))
        let extra = 1_000
        let producer = DispatchGroup()
        producer.enter()
        Thread.detachNewThread {
            store.dispatch(HoldsTheWriter())
            // The writer has taken it, alone, and is held: what follows waits in the buffer.
            HoldsTheWriter.entered.wait()
            for index in 0..<(ActionLogSink.backlogLimit + extra) { store.dispatch(Tick(index: index)) }
            producer.leave()
        }
        let sink = try #require(log.sinkForTesting)
        // The writer took the first action and is held; the store fills the buffer and waits.
        // (Its dispatch waits with the store's lock held: the state is read after.)
        #expect(sink.pendingWhenAStoreWaitsForTesting() == ActionLogSink.backlogLimit)
        HoldsTheWriter.released.signal()
        producer.wait()
        log.flush()
        #expect(store.state == ActionLogSink.backlogLimit + extra - 1)
        let lines = try ActionLogTests.entryLines(of: file)
        #expect(lines.count == 1 + ActionLogSink.backlogLimit + extra)
        #expect(lines.first?.hasSuffix(#""payload":"held"}"#) == true)
        #expect(lines.last?.hasSuffix(#""payload":{"index":\#(ActionLogSink.backlogLimit + extra - 1)}}"#) == true)
    }

    @Test func aSharedStoreLogsFromManyThreadsAndReplaysToItsState() throws {
        let file = ActionLogTests.temporaryFile("shared-store.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let log = ActionLog<Todos>(registry: Self.registry, file: file)
        let shared = SharedStore(createStore(ActionLogTests.todos, [], log.enhancer))
        onThreads(4) { thread in
            for index in 0..<250 {
                shared.dispatch(AddTodo(title: "\(thread).\(index)"))
                if index % 50 == 0 { log.flush() }
            }
        }
        let replayed = createStore(ActionLogTests.todos, [])
        #expect(try replayActionLog(at: file, registry: Self.registry, into: replayed) == 1_000)
        #expect(replayed.state == shared.state)
    }

    @Test func anActionThatCannotBeEncodedIsReportedByTheWriterAndMarked() throws {
        struct Measure: Action, Codable { let value: Double }
        var registry = ActionRegistry()
        registry.register(Measure.self)
        let file = ActionLogTests.temporaryFile("nan.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let errors = ActionLogRecordingTests.Errors()
        do {
            let log = ActionLog<Double>(registry: registry, file: file, onError: errors.report)
            let store = createStore(
                { (state: inout Double, action: any Action) in
                    if let measure = action as? Measure { state += measure.value }
                }, 0, log.enhancer)
            store.dispatch(Measure(value: 1))
            store.dispatch(Measure(value: .nan))
            store.dispatch(Measure(value: 2))
            log.flush()
            #expect(errors.all.count == 1)
        }
        #expect(errors.all.first?.contains("a Measure could not be encoded") == true)
        #expect(errors.all.first?.contains("entry 2 of session") == true)
        let lines = try ActionLogTests.entryLines(of: file)
        #expect(lines.count == 3)
        #expect(lines[1].contains(#""unrecorded":true"#) && !lines[1].contains("payload"))
    }
}
