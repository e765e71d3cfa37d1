import Foundation
import ReduxKitLinux
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinuxQuery

/// Streaming updates into an entry (RTK Query's `onCacheEntryAdded`): the
/// stream starts with the entry, writes into it, and ends with it.
@Suite("Query cache streaming updates", .hangSafetyNet)
struct QueryStreamingTests {
    @Test @MainActor func aStreamWritesIntoItsEntryAndEndsWhenTheEntryIsRemoved() async {
        let chat = ChatServer()
        chat.setHistory(["hello"], of: "general")
        let clock = TestClock()
        let store = makeStore(server: TodoServer(), clock: clock, chat: chat)
        let key = ChatAPI.messages.key("general")
        let subscription = store.dispatch(ChatAPI.messages.subscribe("general"))
        #expect(await chat.feedsOpened.wait(forCount: 1) == ["general"])  // after the first data
        chat.send("a", to: "general")
        chat.send("b", to: "general")
        await waitUntil(store) { $0.api[key]?.data == QueryValue(["hello", "a", "b"]) }
        #expect(store.state.api[key]?.serverData == QueryValue(["hello", "a", "b"]))
        #expect(store.state.api[key]?.layers.isEmpty == true)  // written in: nothing was in flight
        subscription.unsubscribe()
        await clock.advance(by: .seconds(10))
        #expect(store.state.api[key] == nil)
        #expect(await chat.feedsClosed.wait(forCount: 1) == ["general"])
        #expect(await store.waitForEffects(timeout: .seconds(60), clock: TestClock()))
    }

    @Test func aSharedStoresStreamWritesIntoItsEntryAndEndsWithIt() async {
        let chat = ChatServer()
        chat.setHistory(["hello"], of: "general")
        let clock = TestClock()
        let store = makeSharedStore(server: TodoServer(), clock: clock, chat: chat)
        let key = ChatAPI.messages.key("general")
        let subscription = store.dispatch(ChatAPI.messages.subscribe("general"))
        _ = await chat.feedsOpened.wait(forCount: 1)
        chat.send("a", to: "general")
        await waitUntil(store) { $0.api[key]?.data == QueryValue(["hello", "a"]) }
        subscription.unsubscribe()
        await clock.advance(by: .seconds(10))
        #expect(store.state.api[key] == nil)
        #expect(await chat.feedsClosed.wait(forCount: 1) == ["general"])
        #expect(await store.waitForEffects(timeout: .seconds(60), clock: TestClock()))
    }

    /// A store a task owns (a request handler): the stream's updates are
    /// posted, and its owner applies them while it waits for its effects.
    nonisolated static func streamInAStoreATaskOwns(_ chat: ChatServer) async -> QueryValue? {
        let clock = TestClock()
        let store = makeStore(server: TodoServer(), clock: clock, chat: chat)
        let key = ChatAPI.messages.key("general")
        let seen = Recorder<QueryValue?>()
        let watching = store.subscribe { seen.append($0.api[key]?.data) }
        let subscription = store.dispatch(ChatAPI.messages.subscribe("general"))
        let waitEnds = TestClock()  // the owner's wait ends when the test moves it
        let sender = Task {
            _ = await chat.feedsOpened.wait(forCount: 1)
            chat.send("a", to: "general")
            var values = await seen.wait(forCount: 1)
            while !values.contains(QueryValue(["hello", "a"])) { values = await seen.wait(forCount: values.count + 1) }
            await waitEnds.advance(by: .seconds(1))
        }
        // The stream runs on, so the wait ends at its timeout, moved by the sender once the update is applied.
        _ = await store.waitForEffects(timeout: .seconds(1), clock: waitEnds)
        await sender.value
        let data = store.getState().api[key]?.data
        subscription.unsubscribe()  // posted: applied at the owner's next use, here
        #expect(store.getState().api[key] != nil)
        await clock.advance(by: .seconds(10))
        _ = await store.waitForEffects(timeout: .seconds(60), clock: TestClock())  // the stream ended with its entry
        #expect(store.getState().api[key] == nil)
        watching.dispose()
        return data
    }

    @Test func aStoreATaskOwnsAppliesItsStreamsUpdates() async {
        let chat = ChatServer()
        chat.setHistory(["hello"], of: "general")
        #expect(await Self.streamInAStoreATaskOwns(chat) == QueryValue(["hello", "a"]))
        #expect(chat.feedsClosed.values == ["general"])
    }

    /// A message streamed while a refetch is in flight is not erased by the
    /// refetch's answer, read on the server before the message came; and one
    /// the answer already holds is not there twice (the stream's change is
    /// idempotent, and lands over the answer).
    @Test(arguments: [false, true]) @MainActor func anUpdateStreamedDuringARefetchOutlivesItsAnswer(
        sentBeforeTheServerRead: Bool
    ) async {
        let chat = ChatServer()
        chat.setHistory(["hello"], of: "general")
        let store = makeStore(server: TodoServer(), clock: TestClock(), chat: chat)
        let key = ChatAPI.messages.key("general")
        let subscription = store.dispatch(ChatAPI.messages.subscribe("general"))
        _ = await chat.feedsOpened.wait(forCount: 1)
        let gate = chat.holdNextAnswer()
        if sentBeforeTheServerRead {
            chat.send("a", to: "general")
            await waitUntil(store) { $0.api[key]?.data == QueryValue(["hello", "a"]) }
        }
        store.dispatch(ChatAPI.messages.refetch("general"))  // answers when the gate opens
        #expect(store.state.api[key]?.status == .pending)
        _ = await chat.historiesRead.wait(forCount: 2)
        if !sentBeforeTheServerRead {
            chat.send("a", to: "general")
            await waitUntil(store) { $0.api[key]?.data == QueryValue(["hello", "a"]) }
            #expect(store.state.api[key]?.layers.count == 1)
        }
        gate.open()
        await waitUntil(store) { $0.api[key]?.status == .fulfilled }
        #expect(store.state.api[key]?.serverData == QueryValue(sentBeforeTheServerRead ? ["hello", "a"] : ["hello"]))
        #expect(store.state.api[key]?.data == QueryValue(["hello", "a"]))
        subscription.unsubscribe()
    }

    /// A stream whose entry was removed never writes into a new entry of the
    /// same key, even with its update already on its way (checked inside the
    /// dispatch, not only by the stream's cancellation).
    @Test @MainActor func anOlderStreamsUpdateNeverReachesANewEntryOfTheSameKey() async {
        let chat = ChatServer()
        chat.setHistory(["hello"], of: "general")
        let clock = TestClock()
        let dependencies = testDependencies(server: TodoServer(), clock: clock, chat: chat)
        let added = Recorder<QueryEntryAdded>()  // each stream's start, with its number
        let store = createStore(
            { (state: inout AppState, action: any Action) in
                if let entryAdded = action as? QueryEntryAdded { added.append(entryAdded) }
                TodoAPI.reducer(&state, action)
            }, AppState(),
            applyMiddleware(
                thunkMiddleware(dependencies: dependencies), TodoAPI.cache.middleware(dependencies: dependencies)))
        let key = ChatAPI.messages.key("general")
        store.dispatch(ChatAPI.messages.subscribe("general")).unsubscribe()
        let first = await added.wait(forCount: 1)[0]
        await clock.advance(by: .seconds(10))
        #expect(store.state.api[key] == nil)
        let subscription = store.dispatch(ChatAPI.messages.subscribe("general"))
        _ = await chat.feedsOpened.wait(forCount: 2)  // the second stream has its first data
        // The first stream's update, as if dispatched past its cancellation.
        let late = QueryDataStreamed(
            cacheName: "api", key: key, id: QueryPatchID(number: QueryUpdateNumbers.next()), stream: first.stream,
            update: QueryCacheUpdate(key: key) { (messages: inout [String]) in messages.append("late") })
        store.dispatch(late)
        #expect(store.state.api[key]?.data == QueryValue(["hello"]))
        chat.send("new", to: "general")  // the second stream's update
        await waitUntil(store) { $0.api[key]?.data == QueryValue(["hello", "new"]) }
        subscription.unsubscribe()
    }

    /// `firstData()` throws once the entry is removed before any data came.
    @Test @MainActor func firstDataThrowsWhenTheEntryIsRemovedBeforeAnyData() async {
        let chat = ChatServer()
        chat.failNext(1)
        let clock = TestClock()
        let store = makeStore(server: TodoServer(), clock: clock, chat: chat)
        let key = ChatAPI.messages.key("general")
        store.dispatch(ChatAPI.messages.subscribe("general")).unsubscribe()
        await waitUntil(store) { $0.api[key]?.status == .rejected }
        await clock.advance(by: .seconds(10))
        #expect(store.state.api[key] == nil)
        #expect(await chat.streamEnds.wait(forCount: 1) == ["firstData threw CancellationError"])
        #expect(chat.feedsOpened.values.isEmpty)
    }

    /// In a `TestStore`, the stream's start and each update are actions like any other.
    @Test func aTestStoreReceivesTheEntryAddedAndEachStreamedUpdate() async {
        let chat = ChatServer()
        chat.setHistory(["hello"], of: "general")
        let clock = TestClock()
        let dependencies = testDependencies(server: TodoServer(), clock: clock, chat: chat)
        let test = TestStore(
            initialState: AppState(), reducer: TodoAPI.reducer,
            middleware: [
                thunkMiddleware(dependencies: dependencies), TodoAPI.cache.middleware(dependencies: dependencies),
            ])
        let key = ChatAPI.messages.key("general")
        let subscription = test.store.dispatch(ChatAPI.messages.subscribe("general"))
        await test.receive(QuerySubscribe<AppState>.self)
        await test.receive(ChatAPI.messages.fetch.pending) { pending, state in
            var entry = QueryEntry(key: key)
            entry.status = .pending
            entry.requestID = pending.requestID
            entry.startedAt = testDate(0)
            state.api[key] = entry
        }
        await test.receive(QueryEntryAdded.self) { added, _ in #expect(added.key == key) }
        await test.receive(ChatAPI.messages.fetch.fulfilled) { _, state in
            state.api[key]?.status = .fulfilled
            state.api[key]?.data = QueryValue(["hello"])
            state.api[key]?.serverData = QueryValue(["hello"])
            state.api[key]?.fulfilledAt = testDate(0)
        }
        _ = await chat.feedsOpened.wait(forCount: 1)
        chat.send("a", to: "general")
        await test.receive(QueryDataStreamed.self) { _, state in
            state.api[key]?.data = QueryValue(["hello", "a"])
            state.api[key]?.serverData = QueryValue(["hello", "a"])
        }
        subscription.unsubscribe()
        await test.receive(QueryUnsubscribe.self)
        await clock.advance(by: .seconds(10))
        await test.receive(QueryEntryRemoved.self) { _, state in state.api[key] = nil }
        await test.receive(CancelEffects.self)  // the stream's
        #expect(await chat.streamEnds.wait(forCount: 1) == ["feed ended"])
        await test.finish()
    }
}
