import Foundation
import ReduxKitLinux
import ReduxKitLinuxDevtools
import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// The cache with the devtools: a `Persistence` saves and restores it, an
/// action log records its fetches under their endpoints' names with their
/// keys (and replays them), and the log's state snapshots show its entries.
@Suite("Query cache with the devtools", .hangSafetyNet)
struct QueryDevtoolsTests {
    /// A new directory of its own for a test's files (the test removes it).
    private func makeDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("query-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test @MainActor func aPersistedCacheIsRestoredAndNotFetchedAgain() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let file = directory.appendingPathComponent("state.json")
            let first = Persistence<AppState>(file: file)
            let dependencies = testDependencies(server: TodoServer(), clock: TestClock())
            let store = createStore(
                TodoAPI.reducer, AppState(),
                compose(
                    first.enhancer,
                    applyMiddleware(
                        thunkMiddleware(dependencies: dependencies),
                        TodoAPI.cache.middleware(dependencies: dependencies))))
            let subscription = store.dispatch(TodoAPI.todo.subscribe(1))
            await waitUntil(store) { $0.api[TodoAPI.todo.key(1)]?.status == .fulfilled }
            subscription.unsubscribe()
            first.flush()
            // The next launch (a copy: the first store still holds its file's lock).
            let copy = directory.appendingPathComponent("next.json")
            try FileManager.default.copyItem(at: file, to: copy)
            let server = TodoServer()
            let next = Persistence<AppState>(file: copy)
            let nextDependencies = testDependencies(server: server, clock: TestClock())
            let restored = createStore(
                TodoAPI.reducer, AppState(),
                compose(
                    next.enhancer,
                    applyMiddleware(
                        thunkMiddleware(dependencies: nextDependencies),
                        TodoAPI.cache.middleware(dependencies: nextDependencies))))
            let again = restored.dispatch(TodoAPI.todo.subscribe(1))
            #expect(TodoAPI.todo.select(1)(restored.state.api).data == Todo(id: 1, title: "milk"))
            #expect(server.todoCalls.count == 0)
            again.unsubscribe()
        }
    }

    @Test @MainActor func aRegisteredFetchIsLoggedUnderItsEndpointsNamesWithItsKeyAndReplays() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let file = directory.appendingPathComponent("log.jsonl")
            var registry = ActionRegistry()
            registry.register(TodoAPI.todo.fetch)
            let errors = Recorder<String>()
            let log = ActionLog<AppState>(
                registry: registry, file: file, recordingStateChanges: true, unregistered: .skip,
                onError: { errors.append(String(describing: $0)) })
            let dependencies = testDependencies(server: TodoServer(), clock: TestClock())
            let store = createStore(
                TodoAPI.reducer, AppState(),
                compose(
                    log.enhancer,
                    applyMiddleware(
                        thunkMiddleware(dependencies: dependencies),
                        TodoAPI.cache.middleware(dependencies: dependencies))))
            let subscription = store.dispatch(TodoAPI.todo.subscribe(1))
            await waitUntil(store) { $0.api[TodoAPI.todo.key(1)]?.status == .fulfilled }
            subscription.unsubscribe()
            log.flush()
            let lines = try logLines(file)
            let pending = try #require(lines.first { $0["type"] as? String == "api/todo/pending" })
            let fulfilled = try #require(lines.first { $0["type"] as? String == "api/todo/fulfilled" })
            for line in [pending, fulfilled] {
                #expect(line["unrecorded"] == nil)
                let argument = (line["payload"] as? [String: Any])?["argument"] as? [String: Any]
                #expect(argument?["key"] as? String == "todo(1)")
            }
            // The cache's own bookkeeping changes no state: a line named by its type.
            #expect(lines.contains { $0["type"] as? String == "api/subscribe" && $0["unrecorded"] as? Bool == true })
            #expect(errors.values.isEmpty)

            let replayed = createStore(TodoAPI.reducer, AppState())
            try replayActionLog(at: file, registry: registry, into: replayed, options: .skippingUnrecorded)
            replayed.dispatch(TodoAPI.cache.focused)
            #expect(TodoAPI.todo.select(1)(replayed.state.api).data == Todo(id: 1, title: "milk"))
        }
    }

    @Test @MainActor func theLoggedStatesShowTheEntriesReadably() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let file = directory.appendingPathComponent("log.jsonl")
            // Changes are recorded with recorded actions: the fetch's.
            var registry = ActionRegistry()
            registry.register(TodoAPI.todo.fetch)
            let log = ActionLog<AppState>(
                registry: registry, file: file, recordingStateChanges: true, unregistered: .skip)
            let dependencies = testDependencies(server: TodoServer(), clock: TestClock())
            let store = createStore(
                TodoAPI.reducer, AppState(),
                compose(
                    log.enhancer,
                    applyMiddleware(
                        thunkMiddleware(dependencies: dependencies),
                        TodoAPI.cache.middleware(dependencies: dependencies))))
            let subscription = store.dispatch(TodoAPI.todo.subscribe(1))
            await waitUntil(store) { $0.api[TodoAPI.todo.key(1)]?.status == .fulfilled }
            subscription.unsubscribe()
            log.flush()
            let added = try logLines(file).flatMap { ($0["changes"] as? [[String: Any]]) ?? [] }
                .compactMap { $0["value"] as? [String: Any] }
            let entry = try #require(added.first { $0["key"] as? String == "todo(1)" })
            #expect(entry["status"] as? String == "fulfilled")
            #expect((entry["data"] as? [String: Any])?["title"] as? String == "milk")
        }
    }

    /// The log's lines, parsed.
    private func logLines(_ file: URL) throws -> [[String: Any]] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }
}
