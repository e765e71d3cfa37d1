import ReduxKitLinux
import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// Subscribing fetches once, shares the entry, and an unused entry is kept
/// for exactly its keep time on the store's clock.
@Suite("Query subscriptions", .hangSafetyNet)
@MainActor
struct QuerySubscriptionTests {
    @Test func aSubscriptionFetchesAndTheAnswerFillsTheEntry() async {
        let server = TodoServer()
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let subscription = store.dispatch(TodoAPI.list.subscribe())
        #expect(TodoAPI.list.select()(store.state.api).isLoading)
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        let result = TodoAPI.list.select()(store.state.api)
        #expect(result.status == .fulfilled)
        #expect(result.data == [Todo(id: 1, title: "milk")])
        #expect(result.fulfilledAt != nil)
        #expect(store.state.api[TodoAPI.list.key(NoArgument())]?.providedTags == [QueryTag("Todo")])
        #expect(server.listCalls.count == 1)
        subscription.unsubscribe()
    }

    @Test func aThousandSubscribersToOneKeyRunTheBodyOnce() async {
        let server = TodoServer()
        let gate = server.holdNextAnswer()
        let store = makeStore(server: server, clock: TestClock())
        let subscriptions = (0..<1_000).map { _ in store.dispatch(TodoAPI.list.subscribe()) }
        gate.open()
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(server.listCalls.count == 1)
        #expect(TodoAPI.list.select()(store.state.api).data?.count == 1)
        for subscription in subscriptions { subscription.unsubscribe() }
    }

    @Test func aThousandSubscribersOnSharedStoreThreadsRunTheBodyOnce() async {
        let server = TodoServer()
        let gate = server.holdNextAnswer()
        let shared = makeSharedStore(server: server, clock: TestClock())
        let subscriptions = await withTaskGroup(of: QuerySubscription.self) { group in
            for _ in 0..<1_000 { group.addTask { shared.dispatch(TodoAPI.list.subscribe()) } }
            var subscriptions: [QuerySubscription] = []
            for await subscription in group { subscriptions.append(subscription) }
            return subscriptions
        }
        gate.open()
        #expect(await shared.waitForEffects(timeout: .seconds(60)))
        #expect(server.listCalls.count == 1)
        #expect(subscriptions.count == 1_000)
        for subscription in subscriptions { subscription.unsubscribe() }
    }

    @Test func anUnusedEntryIsThereOneNanosecondBeforeItsKeepTimeAndGoneAtIt() async {
        let server = TodoServer()
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let key = TodoAPI.todo.key(1)
        let subscription = store.dispatch(TodoAPI.todo.subscribe(1))
        await clock.advance(by: .seconds(100))  // the fetch does not wait on the clock
        await waitUntil(store) { $0.api[key]?.status == .fulfilled }
        subscription.unsubscribe()
        await expectEvicted(atKeepTime: .seconds(5), on: clock) { store.state.api[key] }
        #expect(await store.waitForEffects(timeout: .seconds(60)))
    }

    @Test func aSubscriptionWithinTheKeepTimeKeepsTheEntryAndFetchesNothing() async {
        let server = TodoServer()
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let key = TodoAPI.todo.key(1)
        store.dispatch(TodoAPI.todo.subscribe(1)).unsubscribe()
        await waitUntil(store) { $0.api[key]?.status == .fulfilled }
        await clock.advance(by: .seconds(4))
        let again = store.dispatch(TodoAPI.todo.subscribe(1))
        await clock.advance(by: .seconds(60))
        #expect(store.state.api[key]?.status == .fulfilled)
        #expect(server.todoCalls.count == 1)
        #expect(clock.sleeping == 0)  // the eviction timer was cancelled, not left to run out
        again.unsubscribe()
        await clock.advance(by: .seconds(5))
        #expect(store.state.api[key] == nil)
    }

    @Test func theLongestKeepTimeOfTheEntrysSubscriptionsWins() async {
        let server = TodoServer()
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let key = TodoAPI.todo.key(1)
        let long = store.dispatch(TodoAPI.todo.subscribe(1, keepUnusedDataFor: .seconds(30)))
        let short = store.dispatch(TodoAPI.todo.subscribe(1))
        await waitUntil(store) { $0.api[key]?.status == .fulfilled }
        long.unsubscribe()
        short.unsubscribe()
        await clock.advance(by: .seconds(29))
        #expect(store.state.api[key] != nil)
        await clock.advance(by: .seconds(1))
        #expect(store.state.api[key] == nil)
    }

    @Test func aSecondUnsubscribeDoesNothing() async {
        let store = makeStore(server: TodoServer(), clock: TestClock())
        let first = store.dispatch(TodoAPI.todo.subscribe(1))
        let second = store.dispatch(TodoAPI.todo.subscribe(1))
        first.unsubscribe()
        first.unsubscribe()
        #expect(first.disposed)
        #expect(!second.disposed)
        await waitUntil(store) { $0.api[TodoAPI.todo.key(1)]?.status == .fulfilled }
        second.unsubscribe()
    }

    @Test func aFailedEntryFetchesAgainOnTheNextSubscribe() async {
        let server = TodoServer()
        server.failNext(1)
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let key = TodoAPI.list.key(NoArgument())
        let first = store.dispatch(TodoAPI.list.subscribe())
        await waitUntil(store) { $0.api[key]?.status == .rejected }
        #expect(store.state.api[key]?.error?.name == "Offline")
        let second = store.dispatch(TodoAPI.list.subscribe())
        await waitUntil(store) { $0.api[key]?.status == .fulfilled }
        #expect(server.listCalls.count == 2)
        #expect(store.state.api[key]?.error == nil)
        first.unsubscribe()
        second.unsubscribe()
    }

    @Test func aSubscriptionRefetchesDataOlderThanItAsks() async {
        let server = TodoServer()
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let key = TodoAPI.list.key(NoArgument())
        let first = store.dispatch(TodoAPI.list.subscribe())
        await waitUntil(store) { $0.api[key]?.status == .fulfilled }
        await clock.advance(by: .seconds(9))
        let young = store.dispatch(TodoAPI.list.subscribe(refetchIfOlderThan: .seconds(10)))
        #expect(server.listCalls.count == 1)
        await clock.advance(by: .seconds(1))
        let old = store.dispatch(TodoAPI.list.subscribe(refetchIfOlderThan: .seconds(10)))
        #expect(store.state.api[key]?.status == .pending)
        await waitUntil(store) { $0.api[key]?.status == .fulfilled }
        #expect(server.listCalls.count == 2)
        for subscription in [first, young, old] { subscription.unsubscribe() }
    }
}
