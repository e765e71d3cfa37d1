import ReduxKitLinuxQuery

// The infinite query of FetchingAndCachingServerData.md, word for word
// between the markers (Docs/check-recipes.py checks it), in the todo app of
// TodoListRecipe.swift; InfiniteFeedRecipeTests runs it.

// BEGIN RECIPE query-infinite-feed
/// Loads a page of a topic's posts; tests put a fake in its place.
struct FeedClient: Sendable {
    var page: @Sendable (_ topic: String, _ page: Int) async throws -> [String]
}

enum FeedClientKey: EffectDependencyKey {
    static let defaultValue = FeedClient { _, _ in [] }
}

extension EffectDependencies {
    var feedClient: FeedClient {
        get { self[FeedClientKey.self] }
        set { self[FeedClientKey.self] = newValue }
    }
}

/// A topic's posts, a page at a time from page 0, until a page comes back empty.
let feedPosts = api.infiniteQuery(
    "posts", initialPageParam: 0,
    nextPageParam: { data, _ in data.pages.last?.isEmpty == false ? data.pageParams.last! + 1 : nil }
) { (topic: String, page: Int, context) in
    try await context.dependencies.feedClient.page(topic, page)
}
// END RECIPE query-infinite-feed
