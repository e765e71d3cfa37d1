import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// What each durability promises, seen with the log's own thread held still
/// (issue 22, item 2).
@Suite("Action log durability")
struct ActionLogDurabilityTests {
    typealias Todo = ActionLogTests.Todo
    typealias AddTodo = ActionLogTests.AddTodo

    static func store(_ file: URL, _ durability: ActionLogDurability) -> (Store<[Todo]>, ActionLog<[Todo]>) {
        let log = ActionLog<[Todo]>(registry: ActionLogTests.registry, file: file, durability: durability)
        return (createStore(ActionLogTests.todos, [], log.enhancer), log)
    }

    @Test(arguments: [ActionLogDurability.eachAction, .syncedEachAction])
    func eachActionIsInTheFileWhenItsDispatchReturns(_ durability: ActionLogDurability) throws {
        let file = ActionLogTests.temporaryFile("each.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let (store, log) = Self.store(file, durability)
        let sink = try #require(log.sinkForTesting)
        sink.setSuspendedForTesting(true)  // the writer thread writes nothing now
        for index in 1...5 {
            store.dispatch(AddTodo(title: "todo \(index)"))
            #expect(try ActionLogTests.entryLines(of: file).count == index)
        }
        // The header, then each action.
        #expect(sink.syncCountForTesting == (durability == .syncedEachAction ? 6 : 0))
        sink.setSuspendedForTesting(false)
    }

    @Test func bufferedLeavesTheWritingToTheLogsThread() throws {
        let file = ActionLogTests.temporaryFile("buffered.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let (store, log) = Self.store(file, .buffered)
        let sink = try #require(log.sinkForTesting)
        log.flush()  // the header
        sink.setSuspendedForTesting(true)
        store.dispatch(AddTodo(title: "waits"))
        #expect(try ActionLogTests.entryLines(of: file).isEmpty)
        log.flush()
        #expect(try ActionLogTests.entryLines(of: file).count == 1)
        #expect(sink.syncCountForTesting == 0)
        sink.setSuspendedForTesting(false)
    }

    @Test func syncedEveryIntervalWritesTheFileToTheDiskAfterLinesAndWhenItCloses() throws {
        let file = ActionLogTests.temporaryFile("synced.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let (store, log) = Self.store(file, .synced(every: .zero))
        let sink = try #require(log.sinkForTesting)
        store.dispatch(AddTodo(title: "a"))
        log.flush()
        let afterFlush = sink.syncCountForTesting
        #expect(afterFlush >= 1)  // due at once: the interval is zero
        log.flush()
        #expect(sink.syncCountForTesting == afterFlush)  // nothing new, no sync
        store.dispatch(AddTodo(title: "b"))
        log.flush()
        #expect(sink.syncCountForTesting == afterFlush + 1)
    }

    @Test func aLongSyncIntervalSyncsOnlyWhenDueOrAtTheEnd() throws {
        let file = ActionLogTests.temporaryFile("synced-late.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let sink: ActionLogSink
        do {
            let (store, log) = Self.store(file, .synced(every: .seconds(3_600)))
            sink = try #require(log.sinkForTesting)
            store.dispatch(AddTodo(title: "a"))
            log.flush()
            #expect(sink.syncCountForTesting == 0)
        }
        #expect(sink.syncCountForTesting == 1)  // closing the log writes it to the disk
        #expect(try ActionLogTests.entryLines(of: file).count == 1)
    }
}
