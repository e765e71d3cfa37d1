import ReduxKitLinux
import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// A subscription whose argument changes (a hook's argument), or is not
/// known yet (`skip`).
@Suite("Query cache subscription with a changing argument", .hangSafetyNet)
struct QueryArgumentSubscriptionTests {
    @Test @MainActor func aNewArgumentSubscribesToItsEntryThenLeavesThePrevious() async {
        let server = TodoServer()
        _ = server.add("bread")
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let todo = QueryArgumentSubscription(TodoAPI.todo, in: store)
        #expect(todo.argument == nil)
        #expect(store.state.api.entries.isEmpty)  // skipped: nothing subscribed, nothing fetched
        todo.subscribe(to: 1)
        await waitUntil(store) { $0.api[TodoAPI.todo.key(1)]?.status == .fulfilled }
        todo.subscribe(to: 1)  // the same: nothing changes
        #expect(server.todoCalls.count == 1)
        todo.subscribe(to: 2)
        #expect(todo.key == TodoAPI.todo.key(2))
        await waitUntil(store) { $0.api[TodoAPI.todo.key(2)]?.status == .fulfilled }
        await clock.advance(by: .seconds(5))  // todo 1's keep time: it was left
        #expect(store.state.api[TodoAPI.todo.key(1)] == nil)
        #expect(store.state.api[TodoAPI.todo.key(2)] != nil)
        todo.subscribe(to: nil)
        #expect(todo.argument == nil)
        await clock.advance(by: .seconds(5))
        #expect(store.state.api.entries.isEmpty)
    }

    /// Going back to an argument whose entry is still kept reads it again,
    /// and fetches it again only if it is older than asked.
    @Test @MainActor func goingBackToAKeptEntryRefetchesItOnlyIfOlderThanAsked() async {
        let server = TodoServer()
        _ = server.add("bread")
        let clock = TestClock()
        let store = makeStore(server: server, clock: clock)
        let todo = QueryArgumentSubscription(TodoAPI.todo, in: store, refetchIfOlderThan: .seconds(3))
        todo.subscribe(to: 1)
        await waitUntil(store) { $0.api[TodoAPI.todo.key(1)]?.status == .fulfilled }
        todo.subscribe(to: 2)
        await waitUntil(store) { $0.api[TodoAPI.todo.key(2)]?.status == .fulfilled }
        await clock.advance(by: .seconds(2))
        todo.subscribe(to: 1)  // 2 s old: kept as it is
        #expect(server.todoCalls.count == 2)
        await clock.advance(by: .seconds(2))
        todo.subscribe(to: 2)  // 4 s old: fetched again
        await waitUntil(store) { $0.api[TodoAPI.todo.key(2)]?.status == .fulfilled }
        #expect(server.todoCalls.count == 3)
        todo.unsubscribe()
    }

    @Test func aSharedStoresSubscriptionFollowsItsArgument() async {
        let server = TodoServer()
        _ = server.add("bread")
        let clock = TestClock()
        let store = makeSharedStore(server: server, clock: clock)
        let todo = QueryArgumentSubscription(TodoAPI.todo, in: store)
        todo.subscribe(to: 1)
        todo.subscribe(to: 2)
        await waitUntil(store) { $0.api[TodoAPI.todo.key(2)]?.status == .fulfilled }
        await clock.advance(by: .seconds(5))
        #expect(store.state.api[TodoAPI.todo.key(1)] == nil)
        #expect(store.state.api[TodoAPI.todo.key(2)] != nil)
        todo.unsubscribe()
    }
}
