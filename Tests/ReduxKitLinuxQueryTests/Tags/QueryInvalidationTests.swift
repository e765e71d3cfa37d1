import ReduxKitLinux
import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// Mutations invalidate tags: entries with subscribers fetch again, others
/// are marked and fetch on their next subscribe, and an invalidation while a
/// request runs is never lost.
@Suite("Query invalidation", .hangSafetyNet)
@MainActor
struct QueryInvalidationTests {
    let listKey = TodoAPI.list.key(NoArgument())

    @Test func aMutationRefetchesTheSubscribedEntriesItInvalidates() async throws {
        let server = TodoServer()
        let store = makeStore(server: server, clock: TestClock())
        let list = store.dispatch(TodoAPI.list.subscribe())
        await waitUntil(store) { $0.api[listKey]?.status == .fulfilled }
        _ = try await store.dispatch(TodoAPI.add("bread")).value
        await waitUntil(store) { [listKey] in $0.api[listKey]?.data?.value(as: [Todo].self)?.count == 2 }
        #expect(server.listCalls.count == 2)
        #expect(store.state.api[listKey]?.isInvalidated == false)
        list.unsubscribe()
    }

    @Test func anInvalidatedEntryWithoutSubscribersWaitsForItsNextSubscribe() async throws {
        let server = TodoServer()
        let store = makeStore(server: server, clock: TestClock())
        store.dispatch(TodoAPI.list.subscribe()).unsubscribe()
        await waitUntil(store) { $0.api[listKey]?.status == .fulfilled }
        _ = try await store.dispatch(TodoAPI.add("bread")).value
        #expect(store.state.api[listKey]?.isInvalidated == true)
        #expect(server.listCalls.count == 1)
        let again = store.dispatch(TodoAPI.list.subscribe())
        #expect(store.state.api[listKey]?.status == .pending)
        await waitUntil(store) { $0.api[listKey]?.status == .fulfilled }
        #expect(TodoAPI.list.select()(store.state.api).data?.map(\.title) == ["milk", "bread"])
        #expect(server.listCalls.count == 2)
        again.unsubscribe()
    }

    /// RTK #2444: K invalidations during the first fetch, before it provided
    /// any tag, give exactly one more fetch, and its answer is the final data.
    @Test(arguments: [1, 3])
    func invalidationsDuringTheFirstFetchGiveExactlyOneMoreFetch(times: Int) async throws {
        let server = TodoServer()
        let gate = server.holdNextAnswer()
        let store = makeStore(server: server, clock: TestClock())
        let list = store.dispatch(TodoAPI.list.subscribe())
        for index in 0..<times { _ = try await store.dispatch(TodoAPI.add("item \(index)")).value }
        #expect(server.listCalls.count == 1)
        gate.open()
        await waitUntil(store) { $0.api[listKey]?.status == .fulfilled && server.listCalls.count == 2 }
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(server.listCalls.count == 2)
        #expect(TodoAPI.list.select()(store.state.api).data?.count == 1 + times)
        #expect(store.state.api[listKey]?.isInvalidated == false)
        list.unsubscribe()
    }

    @Test func anInvalidationOfAnotherTagDuringAFetchAsksForNothing() async throws {
        let server = TodoServer()
        let gate = server.holdNextAnswer()
        let store = makeStore(server: server, clock: TestClock())
        let list = store.dispatch(TodoAPI.list.subscribe())
        _ = try await store.dispatch(TodoAPI.renameUser("ada")).value
        gate.open()
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(server.listCalls.count == 1)
        list.unsubscribe()
    }

    @Test func aTagWithAnIDInvalidatesOnlyThatItemAndATagWithoutOneEveryItem() async throws {
        let server = TodoServer()
        let store = makeStore(server: server, clock: TestClock())
        let one = store.dispatch(TodoAPI.todo.subscribe(1))
        let two = store.dispatch(TodoAPI.todo.subscribe(2))
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        _ = try await store.dispatch(TodoAPI.touch(1)).value
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(server.todoCalls.count == 3)
        _ = try await store.dispatch(TodoAPI.add("bread")).value  // invalidates "Todo": both items and the list
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(server.todoCalls.count == 5)
        one.unsubscribe()
        two.unsubscribe()
    }

    /// RTK #1339, #4575: an entry removed while its request runs is not
    /// brought back by the request's answer.
    @Test func anAnswerForAnEntryEvictedMidFlightIsDropped() async {
        let server = TodoServer()
        let gate = server.holdNextAnswer()
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        store.dispatch(TodoAPI.list.subscribe(keepUnusedDataFor: .zero)).unsubscribe()
        await clock.advance(by: .seconds(60))
        #expect(store.state.api[listKey] == nil)
        gate.open()
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(store.state.api[listKey] == nil)
        #expect(server.listCalls.count == 1)
    }
}
