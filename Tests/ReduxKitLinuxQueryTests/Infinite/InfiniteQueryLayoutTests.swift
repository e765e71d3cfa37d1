import ReduxKitLinux
import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// Infinite queries in the other store layouts (a `SharedStore`, a store a
/// task owns, a `TestStore`), and their misuse.
@Suite("Infinite queries in each store layout", .hangSafetyNet)
struct InfiniteQueryLayoutTests {
    @Test func aSharedStoreAddsPagesAskedForFromManyThreadsOneAtATime() async {
        let feed = FeedServer()
        let shared = makeSharedStore(server: TodoServer(), clock: TestClock(), feed: feed)
        let subscription = shared.dispatch(FeedAPI.posts.subscribe("swift"))
        await waitUntil(shared) { $0.api[FeedAPI.posts.key("swift")]?.status == .fulfilled }
        let gate = feed.holdNextAnswer()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { shared.dispatch(FeedAPI.posts.fetchNextPage("swift")) } }
        }
        gate.open()
        #expect(await shared.waitForEffects(timeout: .seconds(60)))
        // Eight asked at once while one was in flight: one page added, never two of one number.
        #expect(feed.pagesFetched.values == ["swift#0", "swift#1"])
        #expect(
            FeedAPI.posts.select("swift")(shared.state.api).data
                == InfiniteQueryData(
                    pages: [FeedServer.page("swift", 0), FeedServer.page("swift", 1)], pageParams: [0, 1]))
        subscription.unsubscribe()
    }

    @Test func aStoreATaskOwnsFetchesPages() async {
        let feed = FeedServer()
        let store = makeStore(server: TodoServer(), clock: TestClock(), feed: feed)
        let subscription = store.dispatch(FeedAPI.posts.subscribe("server"))
        #expect(await store.waitForEffects(timeout: .seconds(60), clock: TestClock()))
        store.dispatch(FeedAPI.posts.fetchNextPage("server"))
        #expect(await store.waitForEffects(timeout: .seconds(60), clock: TestClock()))
        #expect(FeedAPI.posts.select("server")(store.getState().api).data?.pageParams == [0, 1])
        subscription.unsubscribe()
    }

    @Test func aTestStoreReceivesTheNextPagesFetchWithItsDirection() async {
        let clock = TestClock()
        let feed = FeedServer()
        let dependencies = testDependencies(server: TodoServer(), clock: clock, feed: feed)
        let test = TestStore(
            initialState: AppState(), reducer: TodoAPI.reducer,
            middleware: [
                thunkMiddleware(dependencies: dependencies), TodoAPI.cache.middleware(dependencies: dependencies),
            ])
        let key = FeedAPI.posts.key("swift")
        let first = InfiniteQueryData(pages: [FeedServer.page("swift", 0)], pageParams: [0])
        test.store.dispatch(TodoAPI.cache.update([FeedAPI.posts.query.upsert("swift", first)]))
        await test.receive(QueryCacheUpdated.self) { _, state in
            var entry = QueryEntry(key: key)
            entry.status = .fulfilled
            entry.fulfilledAt = testDate(0)
            entry.data = QueryValue(first)
            entry.serverData = QueryValue(first)
            state.api[key] = entry
        }
        await test.receive(QueryEntryUnused.self)
        test.store.dispatch(FeedAPI.posts.fetchNextPage("swift"))
        await test.receive(FeedAPI.posts.query.fetch.pending) { pending, state in
            #expect(pending.argument.page == .next)
            #expect(pending.argument.description == "posts(swift) next page")
            state.api[key]?.status = .pending
            state.api[key]?.requestID = pending.requestID
            state.api[key]?.startedAt = testDate(0)
            state.api[key]?.fetchingPage = .next
        }
        let both = InfiniteQueryData(
            pages: [FeedServer.page("swift", 0), FeedServer.page("swift", 1)], pageParams: [0, 1])
        await test.receive(FeedAPI.posts.query.fetch.fulfilled) { fulfilled, state in
            #expect(fulfilled.value == both)
            state.api[key]?.status = .fulfilled
            state.api[key]?.data = QueryValue(both)
            state.api[key]?.serverData = QueryValue(both)
            state.api[key]?.providedTags = [QueryTag("Feed", id: "swift")]
            state.api[key]?.fetchingPage = nil
        }
        await clock.advance(by: .seconds(60))
        await test.receive(QueryEntryRemoved.self) { _, state in state.api[key] = nil }
        await test.finish()
    }

    @Test func maxPagesWithoutPreviousPageParamNamesTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            _ = TodoAPI.cache.infiniteQuery(
                "capped", initialPageParam: 0, maxPages: 2, nextPageParam: { _, _ in 1 }
            ) { (_: NoArgument, _: Int, _) in 0 }
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            output.contains(
                "ReduxKitLinux: The infinite query 'capped' drops pages beyond maxPages, so it needs previousPageParam")
        )
    }
}
