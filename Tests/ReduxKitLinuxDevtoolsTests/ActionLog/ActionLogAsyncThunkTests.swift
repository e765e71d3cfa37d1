import Foundation
import ReduxKitLinuxDevtools
import ReduxKitLinuxTestSupport
import Testing

/// An action log records an async thunk's lifecycle actions once its thunk is
/// registered (`ActionRegistry.register(_:name:)`), and a replay reproduces
/// the state without running the thunk.
@Suite("Action log and async thunks", .hangSafetyNet)
struct ActionLogAsyncThunkTests {
    /// The thunks and state of the effects tests' lifecycle suite, in brief.
    enum Thunks {
        struct Problem: Codable, Equatable, Sendable {
            let status: Int
        }

        struct Catalog: Codable, Equatable, Sendable {
            var loading: [RequestID] = []
            var items: [String] = []
            var problems: [Int] = []
        }

        static let load = AsyncThunk<Catalog, String, [String]>("catalog/load") { shelf, context in
            if shelf == "none" { throw context.rejectWithValue(Problem(status: 404)) }
            return [shelf + " 1", shelf + " 2"]
        }

        static let refresh = AsyncThunk<Catalog, Void, Void>("catalog/refresh") { _, _ in }

        /// Of the same types as `load`, so its lifecycle actions are of the same Swift types.
        static let search = AsyncThunk<Catalog, String, [String]>("catalog/search") { text, _ in ["found " + text] }

        static func reducer(_ state: inout Catalog, _ action: any Action) {
            if let pending = load.pending(action) { state.loading.append(pending.requestID) }
            if let settled = load.settled(action) { state.loading.removeAll { $0 == settled.requestID } }
            if let done = load.fulfilled(action) { state.items += done.value }
            if let problem = load.rejected(action)?.rejectedValue(as: Problem.self) {
                state.problems.append(problem.status)
            }
            if refresh.fulfilled(action) != nil { state.items = [] }
            if let found = search.fulfilled(action) { state.items = found.value }
        }
    }

    @MainActor
    @Test func anActionLogRecordsAThunksRunsAndAReplayReproducesTheState() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "reduxkit-\(UUID().uuidString)-thunks.jsonl")
        defer { ActionLogTests.removeLog(file) }
        var registry = ActionRegistry()
        registry.register(Thunks.load)
        registry.register(Thunks.refresh)
        registry.register(Thunks.search)  // the same types as `load`: harmless
        let errors = Recorder<String>()
        let log = ActionLog<Thunks.Catalog>(registry: registry, file: file, onError: { errors.append("\($0)") })
        let recorded = createStore(
            Thunks.reducer, Thunks.Catalog(), compose(applyMiddleware(thunkMiddleware()), log.enhancer))
        _ = try await recorded.dispatch(Thunks.load("fruit")).value
        _ = await recorded.dispatch(Thunks.load("none")).result
        _ = try await recorded.dispatch(Thunks.search("tea")).value
        _ = try await recorded.dispatch(Thunks.load("tea")).value
        log.flush()
        #expect(errors.values.isEmpty)
        let lines = try ActionLogTests.entryLines(of: file)
        #expect(lines.count == 8)
        #expect(lines.first?.contains("\"typePrefix\":\"catalog/load\"") == true)
        let replayed = createStore(Thunks.reducer, Thunks.Catalog())
        let replay = try replayActionLog(at: file, registry: registry, into: replayed, options: [])
        #expect(replay == ActionLogReplay(replayed: 8))
        #expect(replayed.state == recorded.state)
        #expect(replayed.state.problems == [404])
        // The search's actions came back as the search's, not the load's.
        #expect(replayed.state.items == ["found tea", "tea 1", "tea 2"])
    }

    /// A thunk's lifecycle actions are written under its type prefix by
    /// default (`catalog/load/pending`), each thunk under its own even when
    /// thunks share the lifecycle types; a name given replaces the prefix.
    @Test func aThunksRunsAreNamedByItsTypePrefixUnlessANameIsGiven() throws {
        var registry = ActionRegistry()
        registry.register(Thunks.load)
        registry.register(Thunks.search)  // the same types as `load`
        registry.register(Thunks.refresh, name: "catalog/clear")
        let id = RequestID(1)
        #expect(registry.name(of: Thunks.load.pending(requestID: id, argument: "tea")) == "catalog/load/pending")
        #expect(
            registry.name(of: Thunks.load.fulfilled(["tea 1"], requestID: id, argument: "tea"))
                == "catalog/load/fulfilled")
        #expect(
            registry.name(of: Thunks.search.rejected(CancellationError(), requestID: id, argument: "t"))
                == "catalog/search/rejected")
        #expect(registry.name(of: Thunks.search.pending(requestID: id, argument: "t")) == "catalog/search/pending")
        #expect(registry.name(of: Thunks.refresh.pending(requestID: id, argument: ())) == "catalog/clear/pending")
    }

    @MainActor
    @Test func theLogWritesEachThunksRunsUnderItsOwnNames() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "reduxkit-\(UUID().uuidString)-thunk-names.jsonl")
        defer { ActionLogTests.removeLog(file) }
        var registry = ActionRegistry()
        registry.register(Thunks.load)
        registry.register(Thunks.search)
        let log = ActionLog<Thunks.Catalog>(registry: registry, file: file, onError: { _ in })
        let recorded = createStore(
            Thunks.reducer, Thunks.Catalog(), compose(applyMiddleware(thunkMiddleware()), log.enhancer))
        _ = try await recorded.dispatch(Thunks.load("fruit")).value
        _ = try await recorded.dispatch(Thunks.search("tea")).value
        log.flush()
        let types = try ActionLogTests.entryLines(of: file).map { line in
            (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["type"] as? String
        }
        #expect(
            types == [
                "catalog/load/pending", "catalog/load/fulfilled", "catalog/search/pending", "catalog/search/fulfilled",
            ])
    }
}
