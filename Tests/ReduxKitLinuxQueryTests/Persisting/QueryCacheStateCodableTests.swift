import Foundation
import ReduxKitLinux
import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// How a cache's state is written: each entry's key, status, data (the
/// server's with committed patches), dates and tags; nothing that would not
/// mean the same after a restart.
@Suite("Query cache state encoding", .hangSafetyNet)
struct QueryCacheStateCodableTests {
    /// A value no encoder can write.
    struct Opaque: Hashable, Sendable {}

    @Test @MainActor func anEntryIsWrittenWithItsKeyStatusDataAndDates() async throws {
        let store = makeStore(server: TodoServer(), clock: TestClock())
        let subscription = store.dispatch(TodoAPI.todo.subscribe(1))
        await waitUntil(store) { $0.api[TodoAPI.todo.key(1)]?.status == .fulfilled }
        let entries = try encodedEntries(store.state.api)
        #expect(entries.count == 1)
        #expect(entries.first?["key"] as? String == "todo(1)")
        #expect(entries.first?["endpoint"] as? String == "todo")
        #expect(entries.first?["argument"] as? Int == 1)
        #expect(entries.first?["status"] as? String == "fulfilled")
        #expect((entries.first?["data"] as? [String: Any])?["title"] as? String == "milk")
        #expect(entries.first?["fulfilledAt"] != nil)
        #expect((entries.first?["providedTags"] as? [Any])?.count == 1)
        subscription.unsubscribe()
    }

    @Test @MainActor func aRequestInFlightIsWrittenAsSettled() async throws {
        let server = TodoServer()
        let store = makeStore(server: server, clock: TestClock())
        let gate = server.holdNextAnswer()
        let subscription = store.dispatch(TodoAPI.list.subscribe())
        // Pending with no data yet: nothing to keep.
        #expect(store.state.api[TodoAPI.list.key(NoArgument())]?.status == .pending)
        #expect(try encodedEntries(store.state.api).isEmpty)
        gate.open()
        await waitUntil(store) { $0.api[TodoAPI.list.key(NoArgument())]?.status == .fulfilled }
        // Pending again, with data: kept as fulfilled (no request outlives a restart).
        let second = server.holdNextAnswer()
        store.dispatch(TodoAPI.list.refetch(NoArgument()))
        #expect(store.state.api[TodoAPI.list.key(NoArgument())]?.status == .pending)
        #expect(try encodedEntries(store.state.api).first?["status"] as? String == "fulfilled")
        second.open()
        await waitUntil(store) { $0.api[TodoAPI.list.key(NoArgument())]?.status == .fulfilled }
        subscription.unsubscribe()
    }

    @Test @MainActor func anOptimisticUpdateInFlightIsNotWrittenACommittedPatchIs() async throws {
        let server = TodoServer()
        let store = makeStore(server: server, clock: TestClock())
        let key = TodoAPI.list.key(NoArgument())
        let subscription = store.dispatch(TodoAPI.list.subscribe())
        await waitUntil(store) { $0.api[key]?.status == .fulfilled }
        store.dispatch(
            TodoAPI.cache.update([TodoAPI.list.patch(NoArgument()) { $0.append(Todo(id: 9, title: "tea")) }]))
        let gate = AsyncGate()
        store.dispatch(TodoAPI.addOptimistically(TodoAPI.Addition(title: "bread", gate: gate)))
        #expect(store.state.api[key]?.data?.value(as: [Todo].self)?.map(\.title) == ["milk", "tea", "bread"])
        let written = try #require(try encodedEntries(store.state.api).first?["data"] as? [[String: Any]])
        #expect(written.compactMap { $0["title"] as? String } == ["milk", "tea"])
        gate.open()
        await waitUntil(store) { $0.api[key]?.status == .fulfilled && $0.api[key]?.layers.isEmpty == true }
        subscription.unsubscribe()
    }

    @Test func anEntryWhoseArgumentOrValueIsNotEncodableIsLeftOut() throws {
        var state = QueryCacheState()
        state[QueryKey(endpoint: "kept", argument: 1)] = fulfilled(QueryKey(endpoint: "kept", argument: 1), "one")
        state[QueryKey(endpoint: "value", argument: 2)] = fulfilled(QueryKey(endpoint: "value", argument: 2), Opaque())
        state[QueryKey(endpoint: "argument", argument: Opaque())] = fulfilled(
            QueryKey(endpoint: "argument", argument: Opaque()), "three")
        let entries = try encodedEntries(state)
        #expect(entries.compactMap { $0["endpoint"] as? String } == ["kept"])
    }

    @Test func decodedEntriesAreWrittenBackUntilTheirEndpointRestoresThem() throws {
        var state = QueryCacheState()
        state[QueryKey(endpoint: "kept", argument: 1)] = fulfilled(QueryKey(endpoint: "kept", argument: 1), "one")
        let decoded = try JSONDecoder().decode(QueryCacheState.self, from: JSONEncoder().encode(state))
        // Untyped until a cache's reducer has the endpoint: not an entry yet, but kept.
        #expect(decoded.entries.isEmpty)
        #expect(try encodedEntries(decoded).compactMap { $0["endpoint"] as? String } == ["kept"])
        #expect(decoded != QueryCacheState())
    }

    @Test func aStatesKeyStrategyLeavesAnEntrysArgumentAndDataAsTheyWere() throws {
        // The entry's own fields follow the strategy; the untyped JSON inside does not,
        // so it decodes as the value it was (`due_date` would come back as `dueDate`).
        var state = QueryCacheState()
        let key = QueryKey(endpoint: "note", argument: ["first_name": 1])
        state[key] = fulfilled(key, ["createdBy": 1, "due_date": 2])
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let written = try encoder.encode(state)
        let object = try JSONSerialization.jsonObject(with: written) as? [String: Any]
        let entry = try #require((object?["entries"] as? [[String: Any]])?.first)
        #expect(entry["provided_tags"] != nil && entry["is_invalidated"] != nil)
        #expect(entry["argument"] as? [String: Int] == ["first_name": 1])
        #expect(entry["data"] as? [String: Int] == ["createdBy": 1, "due_date": 2])
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let read = try encodedEntries(decoder.decode(QueryCacheState.self, from: written))
        #expect(read.first?["argument"] as? [String: Int] == ["first_name": 1])
        #expect(read.first?["data"] as? [String: Int] == ["createdBy": 1, "due_date": 2])
    }

    private func fulfilled<Value: Equatable & Sendable>(_ key: QueryKey, _ value: Value) -> QueryEntry {
        var entry = QueryEntry(key: key)
        entry.status = .fulfilled
        entry.serverData = QueryValue(value)
        entry.data = QueryValue(value)
        return entry
    }
}

/// The entries of `state` as its encoding writes them.
func encodedEntries(_ state: QueryCacheState) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(state)) as? [String: Any]
    return try #require(object?["entries"] as? [[String: Any]])
}

/// `state` written to JSON and read back, as a launch restores it.
func roundTrip(_ state: AppState) throws -> AppState {
    try JSONDecoder().decode(AppState.self, from: JSONEncoder().encode(state))
}
