import Foundation
import ReduxKitLinux
import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// Polling on the store's clock (the shortest interval wins, never
/// overlapping a request), refetching on demand and on the app's events,
/// and retrying with backoff until no one needs the data.
@Suite("Query polling, refetching and retrying", .hangSafetyNet)
@MainActor
struct QueryPollingTests {
    let listKey = TodoAPI.list.key(NoArgument())

    /// Waits for the answer fetched at `seconds`, then for the poll loop,
    /// woken by that answer, to be back on the clock (an event the test
    /// cannot see otherwise: the loop runs on its own).
    func answered(at seconds: Int, _ store: Store<AppState>, clock: TestClock?, key: QueryKey? = nil) async {
        let key = key ?? listKey
        await waitUntil(store) { $0.api[key]?.fulfilledAt == testDate(seconds) && $0.api[key]?.status == .fulfilled }
        await clock?.waitForSleepers()
    }

    @Test func aSubscriptionPollsOneIntervalAfterEachAnswer() async {
        let server = TodoServer()
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let subscription = store.dispatch(TodoAPI.list.subscribe(pollingInterval: .seconds(10)))
        await answered(at: 0, store, clock: clock)
        await clock.advance(by: .seconds(10) - .nanoseconds(1))
        #expect(server.listCalls.count == 1)
        await clock.advance(by: .nanoseconds(1))
        await answered(at: 10, store, clock: clock)
        #expect(server.listCalls.count == 2)
        await clock.advance(by: .seconds(10))
        await answered(at: 20, store, clock: clock)
        #expect(server.listCalls.count == 3)
        subscription.unsubscribe()
        await clock.advance(by: .seconds(30))
        #expect(server.listCalls.count == 3)
    }

    @Test func theShortestIntervalOfTheEntrysSubscriptionsWins() async {
        let server = TodoServer()
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let slow = store.dispatch(TodoAPI.list.subscribe(pollingInterval: .seconds(30)))
        let fast = store.dispatch(TodoAPI.list.subscribe(pollingInterval: .seconds(10)))
        await answered(at: 0, store, clock: clock)
        await clock.advance(by: .seconds(10))
        await answered(at: 10, store, clock: clock)
        fast.unsubscribe()
        await clock.advance(by: .seconds(10))  // the fast interval's next poll would have been now
        #expect(store.state.api[listKey]?.status == .fulfilled)
        await clock.waitForSleepers()
        await clock.advance(by: .seconds(20) - .nanoseconds(1))  // one 30 s interval after the last answer
        #expect(store.state.api[listKey]?.status == .fulfilled)
        await clock.advance(by: .nanoseconds(1))
        await answered(at: 40, store, clock: clock)
        #expect(server.listCalls.count == 3)
        slow.unsubscribe()
    }

    @Test func aPollNeverOverlapsARequestInFlight() async {
        let server = TodoServer()
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let subscription = store.dispatch(TodoAPI.list.subscribe(pollingInterval: .seconds(10)))
        await answered(at: 0, store, clock: clock)
        let slowAnswer = server.holdNextAnswer()
        await clock.advance(by: .seconds(10))
        _ = await server.listCallsBegun.wait(forCount: 2)  // the poll's request began (off the main actor)
        await clock.advance(by: .seconds(25))  // the request in flight is slow: no poll meanwhile
        #expect(server.listCalls.count == 2)
        slowAnswer.open()
        await answered(at: 35, store, clock: clock)
        await clock.advance(by: .seconds(10))
        await answered(at: 45, store, clock: clock)
        #expect(server.listCalls.count == 3)
        subscription.unsubscribe()
    }

    @Test func theLastPollingSubscriptionLeavingEndsTheLoop() async {
        let server = TodoServer()
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let subscription = store.dispatch(TodoAPI.todo.subscribe(1, pollingInterval: .seconds(10)))
        await answered(at: 0, store, clock: clock, key: TodoAPI.todo.key(1))
        subscription.unsubscribe()
        await clock.advance(by: .seconds(5))  // the entry is evicted; nothing polls any more
        #expect(store.state.api.entries.isEmpty)
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(clock.sleeping == 0)
    }

    @Test func aRefetchFetchesNowOrOnceMoreAfterTheRequestInFlight() async {
        let server = TodoServer()
        let store = makeStore(server: server, clock: TestClock())
        let subscription = store.dispatch(TodoAPI.list.subscribe())
        await answered(at: 0, store, clock: nil)
        store.dispatch(TodoAPI.list.refetch(NoArgument()))
        #expect(store.state.api[listKey]?.status == .pending)
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(server.listCalls.count == 2)
        let gate = server.holdNextAnswer()
        store.dispatch(TodoAPI.list.refetch(NoArgument()))
        store.dispatch(TodoAPI.list.refetch(NoArgument()))
        store.dispatch(TodoAPI.list.refetch(NoArgument()))
        gate.open()
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(server.listCalls.count == 4)
        subscription.unsubscribe()
    }

    @Test func focusAndReconnectRefetchOnlyTheSubscriptionsThatAskForThem() async {
        let server = TodoServer()
        let store = makeStore(server: server, clock: TestClock())
        let onFocus = store.dispatch(TodoAPI.list.subscribe(refetchOnFocus: true))
        let plain = store.dispatch(TodoAPI.todo.subscribe(1))
        let onReconnect = store.dispatch(TodoAPI.todo.subscribe(2, refetchOnReconnect: true))
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        store.dispatch(TodoAPI.cache.focused)
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(server.listCalls.count == 2)
        #expect(server.todoCalls.count == 2)
        store.dispatch(TodoAPI.cache.reconnected)
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(server.listCalls.count == 2)
        #expect(server.todoCalls.count == 3)
        for subscription in [onFocus, plain, onReconnect] { subscription.unsubscribe() }
    }

    @Test func aFailedRequestIsRetriedAfterOneThenTwoSeconds() async {
        let server = TodoServer()
        server.failNext(2)
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let key = TodoAPI.retriedList.key(NoArgument())
        let subscription = store.dispatch(TodoAPI.retriedList.subscribe())
        await clock.waitForSleepers()
        await clock.advance(by: .seconds(1) - .nanoseconds(1))
        #expect(server.listCalls.count == 1)
        await clock.advance(by: .nanoseconds(1))
        await clock.waitForSleepers()
        #expect(server.listCalls.count == 2)
        await clock.advance(by: .seconds(2))
        await waitUntil(store) { $0.api[key]?.status == .fulfilled }
        #expect(server.listCalls.count == 3)
        subscription.unsubscribe()
    }

    @Test func retryingStopsWhenTheLastSubscriptionLeaves() async {
        let server = TodoServer()
        server.failNext(100)
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let key = TodoAPI.retriedList.key(NoArgument())
        let subscription = store.dispatch(TodoAPI.retriedList.subscribe())
        await clock.waitForSleepers()
        subscription.unsubscribe()
        await waitUntil(store) { $0.api[key]?.status == .uninitialized }
        await clock.advance(by: .seconds(60))
        #expect(server.listCalls.count == 1)
        #expect(store.state.api[key] == nil)  // evicted after its keep time
    }
}
