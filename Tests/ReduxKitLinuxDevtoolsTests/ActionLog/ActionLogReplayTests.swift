import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// Replay feeds the reducer, says what it passed over, and refuses stores and
/// logs it cannot use.
@Suite("Action log replay")
struct ActionLogReplayTests {
    typealias AddTodo = ActionLogTests.AddTodo
    static let registry = ActionLogTests.registry

    @Test func replayRunsNoMiddlewareAndNoEffects() throws {
        let file = ActionLogTests.temporaryFile("no-middleware.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let log = ActionLog<[ActionLogTests.Todo]>(registry: Self.registry, file: file)
        let recorded = createStore(ActionLogTests.todos, [], log.enhancer)
        recorded.dispatch(AddTodo(title: "a"))
        recorded.dispatch(AddTodo(title: "b"))
        let seenByMiddleware = Recorder<String>()
        let watching: Middleware<[ActionLogTests.Todo]> = { _ in
            { next in
                { action in
                    seenByMiddleware.append(action.type)
                    return next(action)
                }
            }
        }
        let replayed = createStore(ActionLogTests.todos, [], applyMiddleware(watching))
        var notified = 0
        replayed.subscribe { _ in notified += 1 }
        let replay = try replayActionLog(at: file, registry: Self.registry, into: replayed, options: [])
        #expect(replay == ActionLogReplay(replayed: 2))
        #expect(replay.isComplete)
        #expect(seenByMiddleware.values.isEmpty)
        #expect(notified == 3)  // subscribers hear of the starting state and each replayed action
        #expect(replayed.state == recorded.state)
    }

    @Test func aReplayReadsWhatALogInThisProcessHasNotWrittenYet() throws {
        let file = ActionLogTests.temporaryFile("pending.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let log = ActionLog<[ActionLogTests.Todo]>(registry: Self.registry, file: file)
        let recorded = createStore(ActionLogTests.todos, [], log.enhancer)
        try #require(log.sinkForTesting).setSuspendedForTesting(true)
        for index in 0..<10 { recorded.dispatch(AddTodo(title: "\(index)")) }
        let replayed = createStore(ActionLogTests.todos, [])
        #expect(try replayActionLog(at: file, registry: Self.registry, into: replayed) == 10)
        #expect(replayed.state == recorded.state)
    }

    @Test func anEmptyLogReplaysNothing() throws {
        let file = ActionLogTests.temporaryFile("empty.jsonl")
        defer { ActionLogTests.removeLog(file) }
        try Data().write(to: file)
        let replay = try replayActionLog(
            at: file, registry: Self.registry, into: createStore(ActionLogTests.todos, []), options: [])
        #expect(replay == ActionLogReplay(replayed: 0))
    }

    @Test func aLineWithNeitherTypeNorJumpIsNotALogLine() throws {
        let file = ActionLogTests.temporaryFile("no-type.jsonl")
        defer { ActionLogTests.removeLog(file) }
        try Data("{\"timestamp\":\"t\"}\n".utf8).write(to: file)
        #expect(throws: ActionLogError(line: 1, reason: .notALogLine("it has no \"type\" field"))) {
            try replayActionLog(at: file, registry: Self.registry, into: createStore(ActionLogTests.todos, []))
        }
    }

    @Test func replayingIntoAScopedStoreStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let parent = createStore(ActionLogTests.todos, [])
            let scoped = parent.view(value: { $0.count })
            _ = try? replayActionLog(
                at: URL(fileURLWithPath: "/nonexistent"), registry: ActionLogReplayTests.registry, into: scoped)
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("replayActionLog feeds a log to a store's reducer"))
    }

    @Test func anActionLogRecordsOneStore() async {
        let file = ActionLogTests.temporaryFile("one-store.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let path = file.path
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [path = path as String] in
            exitIfStillRunning()
            let log = ActionLog<[ActionLogTests.Todo]>(
                registry: ActionLogReplayTests.registry, file: URL(fileURLWithPath: path))
            _ = createStore(ActionLogTests.todos, [], log.enhancer)
            _ = createStore(ActionLogTests.todos, [], log.enhancer)
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("An ActionLog records one store"))
    }
}
