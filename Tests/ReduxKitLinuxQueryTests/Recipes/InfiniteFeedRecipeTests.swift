import Foundation
import ReduxKitLinux
import ReduxKitLinuxQuery
import ReduxKitLinuxTesting
import Testing

/// Runs the article's infinite query: pages until one comes back empty.
@Suite struct InfiniteFeedRecipeTests {
    @Test func theFeedLoadsPagesUntilAnEmptyOne() async {
        var dependencies = EffectDependencies.test()
        dependencies.feedClient = FeedClient { topic, page in page < 2 ? ["\(topic) \(page)"] : [] }
        dependencies.clock = TestClock()
        dependencies.date = { Date(timeIntervalSince1970: 1_767_225_600) }
        let store = createStore(
            todoAppReducer, TodoApp(),
            applyMiddleware(thunkMiddleware(dependencies: dependencies), api.middleware(dependencies: dependencies)))
        let subscription = store.dispatch(feedPosts.subscribe("swift"))
        #expect(await store.waitForEffects(timeout: .seconds(60), clock: TestClock()))
        while feedPosts.select("swift")(store.getState().api).hasNextPage {
            store.dispatch(feedPosts.fetchNextPage("swift"))
            #expect(await store.waitForEffects(timeout: .seconds(60), clock: TestClock()))
        }
        let feed = feedPosts.select("swift")(store.getState().api).data
        #expect(feed?.pages == [["swift 0"], ["swift 1"], []])
        #expect(feed?.pageParams == [0, 1, 2])
        subscription.unsubscribe()
    }
}
