import ReduxKitLinux
import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// Infinite queries: pages fetched one at a time, both ways, kept to a
/// maximum, refetched together, one request at a time.
@Suite("Infinite queries", .hangSafetyNet)
@MainActor
struct InfiniteQueryTests {
    typealias Pages = InfiniteQueryData<[String], Int>

    /// The pages of `topic` numbered `pages`, as the server's `edition` has them.
    static func pages(_ topic: String, _ pages: [Int], edition: Int = 1) -> Pages {
        Pages(pages: pages.map { FeedServer.page(topic, $0, edition: edition) }, pageParams: pages)
    }

    @Test func aSubscriptionFetchesTheFirstPageAndEachNextPageIsAddedAfterIt() async {
        let feed = FeedServer()
        let store = makeStore(server: TodoServer(), clock: TestClock(), feed: feed)
        let subscription = store.dispatch(FeedAPI.posts.subscribe("swift"))
        #expect(FeedAPI.posts.select("swift")(store.state.api).isLoading)
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(FeedAPI.posts.select("swift")(store.state.api).data == Self.pages("swift", [0]))
        for _ in 1...5 {
            #expect(FeedAPI.posts.select("swift")(store.state.api).hasNextPage)
            store.dispatch(FeedAPI.posts.fetchNextPage("swift"))
            #expect(await store.waitForEffects(timeout: .seconds(60)))
        }
        let result = FeedAPI.posts.select("swift")(store.state.api)
        var expected = Self.pages("swift", [0, 1, 2, 3, 4])
        expected.pages.append([])  // page 5 is empty: the end
        expected.pageParams.append(5)
        #expect(result.data == expected)
        #expect(!result.hasNextPage)
        #expect(!result.hasPreviousPage)
        #expect(feed.pagesFetched.values == ["swift#0", "swift#1", "swift#2", "swift#3", "swift#4", "swift#5"])
        subscription.unsubscribe()
    }

    @Test func aNextPageWhenThereIsNoneFetchesNothing() async {
        let feed = FeedServer()
        let store = makeStore(server: TodoServer(), clock: TestClock(), feed: feed)
        var ended = Self.pages("swift", [3, 4])
        ended.pages.append([])
        ended.pageParams.append(5)
        store.dispatch(TodoAPI.cache.update([FeedAPI.posts.query.upsert("swift", ended)]))
        let subscription = store.dispatch(FeedAPI.posts.subscribe("swift"))  // fresh: not fetched
        let before = store.state.api[FeedAPI.posts.key("swift")]
        store.dispatch(FeedAPI.posts.fetchNextPage("swift"))
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(feed.pagesFetched.values == [])
        #expect(store.state.api[FeedAPI.posts.key("swift")] == before)  // no pending, no answer
        subscription.unsubscribe()
    }

    @Test func aPageOfAnEntryNotInTheCacheIsNotFetched() async {
        let feed = FeedServer()
        let store = makeStore(server: TodoServer(), clock: TestClock(), feed: feed)
        store.dispatch(FeedAPI.posts.fetchNextPage("swift"))
        store.dispatch(FeedAPI.posts.fetchPreviousPage("swift"))
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(feed.pagesFetched.values == [])
        #expect(store.state.api[FeedAPI.posts.key("swift")] == nil)
    }

    @Test func previousPagesAreAddedBeforeTheFirstAndMaxPagesDropsTheFarEnd() async {
        let feed = FeedServer()
        let store = makeStore(server: TodoServer(), clock: TestClock(), feed: feed)
        let window = FeedAPI.window.select("swift")
        let subscription = store.dispatch(FeedAPI.window.subscribe("swift"))
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(window(store.state.api).data == Self.pages("swift", [2]))
        #expect(window(store.state.api).hasPreviousPage)
        for direction in ["previous", "previous", "next", "next"] {
            store.dispatch(
                direction == "next" ? FeedAPI.window.fetchNextPage("swift") : FeedAPI.window.fetchPreviousPage("swift"))
            #expect(await store.waitForEffects(timeout: .seconds(60)))
        }
        // [2] → [1, 2] → [0, 1, 2] → [1, 2, 3] (0 dropped) → [2, 3, 4] (1 dropped)
        #expect(window(store.state.api).data == Self.pages("swift", [2, 3, 4]))
        #expect(!window(store.state.api).hasNextPage)
        store.dispatch(FeedAPI.window.fetchPreviousPage("swift"))  // [1, 2, 3]: 4 dropped
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(window(store.state.api).data == Self.pages("swift", [1, 2, 3]))
        #expect(window(store.state.api).hasNextPage)
        subscription.unsubscribe()
    }

    @Test func anInvalidationFetchesEveryPageAgainInOrderAndReplacesThemAtOnce() async {
        let feed = FeedServer()
        let store = makeStore(server: TodoServer(), clock: TestClock(), feed: feed)
        let subscription = store.dispatch(FeedAPI.posts.subscribe("swift"))
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        for _ in 1...2 {
            store.dispatch(FeedAPI.posts.fetchNextPage("swift"))
            #expect(await store.waitForEffects(timeout: .seconds(60)))
        }
        var seen: [Pages?] = []
        let watching = store.subscribe { seen.append(FeedAPI.posts.select("swift")($0.api).data) }
        store.dispatch(FeedAPI.publish("swift"))  // edits the server, invalidates the feed
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        watching.dispose()
        #expect(Array(feed.pagesFetched.values.suffix(3)) == ["swift#0", "swift#1", "swift#2"])
        #expect(FeedAPI.posts.select("swift")(store.state.api).data == Self.pages("swift", [0, 1, 2], edition: 2))
        // No state showed some pages of one edition beside pages of the other.
        #expect(
            seen.allSatisfy {
                $0 == Self.pages("swift", [0, 1, 2]) || $0 == Self.pages("swift", [0, 1, 2], edition: 2)
            })
        subscription.unsubscribe()
    }

    @Test func aPageAskedForWhileARequestIsInFlightIsNotFetched() async {
        let feed = FeedServer()
        let store = makeStore(server: TodoServer(), clock: TestClock(), feed: feed)
        let subscription = store.dispatch(FeedAPI.posts.subscribe("swift"))
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        let gate = feed.holdNextAnswer()
        store.dispatch(FeedAPI.posts.fetchNextPage("swift"))
        let fetching = FeedAPI.posts.select("swift")(store.state.api)
        #expect(fetching.isFetchingNextPage)
        #expect(!fetching.isFetchingPreviousPage)
        #expect(fetching.isFetching)
        store.dispatch(FeedAPI.posts.fetchNextPage("swift"))  // skipped: one request at a time
        store.dispatch(FeedAPI.posts.refetch("swift"))  // one more fetch follows the one in flight
        gate.open()
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(feed.pagesFetched.values == ["swift#0", "swift#1", "swift#0", "swift#1"])
        let result = FeedAPI.posts.select("swift")(store.state.api)
        #expect(result.data == Self.pages("swift", [0, 1]))
        #expect(!result.isFetchingNextPage)
        subscription.unsubscribe()
    }

    @Test func anOptimisticPatchStaysOverTheNextPageThatLandsUnderIt() async {
        let feed = FeedServer()
        let store = makeStore(server: TodoServer(), clock: TestClock(), feed: feed)
        let subscription = store.dispatch(FeedAPI.posts.subscribe("swift"))
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        let published = AsyncGate()
        store.dispatch(FeedAPI.publishDraft(FeedAPI.Draft(topic: "swift", text: "draft", gate: published)))
        store.dispatch(FeedAPI.posts.fetchNextPage("swift"))
        await waitUntil(store) { FeedAPI.posts.select("swift")($0.api).data?.pages.count == 2 }
        var expected = Self.pages("swift", [0, 1])
        expected.pages[0].insert("draft", at: 0)
        #expect(FeedAPI.posts.select("swift")(store.state.api).data == expected)
        published.open()
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        subscription.unsubscribe()
    }

    @Test func aFailedPageKeepsThePagesThereWereAndTheNextTryAddsIt() async {
        let feed = FeedServer()
        let store = makeStore(server: TodoServer(), clock: TestClock(), feed: feed)
        let subscription = store.dispatch(FeedAPI.posts.subscribe("swift"))
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        feed.failNext(1)
        store.dispatch(FeedAPI.posts.fetchNextPage("swift"))
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        let failed = FeedAPI.posts.select("swift")(store.state.api)
        #expect(failed.isError)
        #expect(failed.data == Self.pages("swift", [0]))
        store.dispatch(FeedAPI.posts.fetchNextPage("swift"))
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(FeedAPI.posts.select("swift")(store.state.api).data == Self.pages("swift", [0, 1]))
        subscription.unsubscribe()
    }
}
