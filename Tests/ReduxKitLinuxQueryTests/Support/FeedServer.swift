import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport

/// A fake server of posts in pages: a topic has pages 0 to `lastPage` (and
/// empty pages after them), each of two posts named after the topic, the page and the server's edition
/// (`"swift 1.a e1"`), so a page fetched again after an edit reads new.
final class FeedServer: Sendable {
    /// The last page a topic has.
    let lastPage: Int
    private let edition = Locked<Int>(1)
    private let gates = Locked<[AsyncGate]>([])
    private let failures = Locked<Int>(0)
    /// Each page fetched, as its fetch begins: `"swift#2"`.
    let pagesFetched = Recorder<String>()

    init(lastPage: Int = 4) { self.lastPage = lastPage }

    /// Makes every page read new from now on.
    func edit() { edition.withLock { $0 += 1 } }

    /// Holds the next page's answer back until the returned gate opens.
    func holdNextAnswer() -> AsyncGate {
        let gate = AsyncGate()
        gates.withLock { $0.append(gate) }
        return gate
    }

    /// Makes the next `count` page fetches fail.
    func failNext(_ count: Int) { failures.withLock { $0 = count } }

    /// The page `page` of `topic`'s posts.
    func posts(_ topic: String, page: Int) async throws -> [String] {
        pagesFetched.append("\(topic)#\(page)")
        let edition = edition.withLock { $0 }
        if let gate = gates.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { await gate.wait() }
        if failures.withLock({ failing in
            defer { failing = max(0, failing - 1) }
            return failing > 0
        }) {
            throw TodoServer.Offline()
        }
        return page > lastPage ? [] : FeedServer.page(topic, page, edition: edition)
    }

    /// What page `page` of `topic` holds in `edition`.
    static func page(_ topic: String, _ page: Int, edition: Int = 1) -> [String] {
        ["\(topic) \(page).a e\(edition)", "\(topic) \(page).b e\(edition)"]
    }
}

enum FeedServerKey: EffectDependencyKey {
    static let defaultValue = FeedServer()
}

extension EffectDependencies {
    var feed: FeedServer {
        get { self[FeedServerKey.self] }
        set { self[FeedServerKey.self] = newValue }
    }
}

/// The feed's endpoints: pages numbered from 0 up to the server's last.
enum FeedAPI {
    /// Starts at page 0 and goes forward, up to the first empty page.
    static let posts = TodoAPI.cache.infiniteQuery(
        "posts", initialPageParam: 0,
        nextPageParam: { data, _ in data.pages.last?.isEmpty == false ? data.pageParams.last! + 1 : nil },
        providesTags: { _, topic in [QueryTag("Feed", id: topic)] }
    ) { (topic: String, page: Int, context) in try await context.dependencies.feed.posts(topic, page: page) }

    /// Starts at page 2, goes both ways, and keeps 3 pages.
    static let window = TodoAPI.cache.infiniteQuery(
        "window", initialPageParam: 2, maxPages: 3,
        nextPageParam: { data, _ in data.pageParams.last! < 4 ? data.pageParams.last! + 1 : nil },
        previousPageParam: { data, _ in data.pageParams.first! > 0 ? data.pageParams.first! - 1 : nil }
    ) { (topic: String, page: Int, context) in try await context.dependencies.feed.posts(topic, page: page) }

    /// Invalidates a topic's feed.
    static let publish = TodoAPI.cache.mutation(
        "publish", invalidatesTags: { _, topic in [QueryTag("Feed", id: topic)] }
    ) { (_: String, context) in context.dependencies.feed.edit() }

    /// Shows a draft at the top of the first page while it is published.
    static let publishDraft = TodoAPI.cache.mutation(
        "publishDraft",
        optimisticUpdates: { (draft: Draft) in
            [posts.query.patch(draft.topic) { $0.pages[0].insert(draft.text, at: 0) }]
        }
    ) { draft, _ in await draft.gate.wait() }

    /// A draft post, published once `gate` opens.
    struct Draft: Sendable {
        let topic: String
        let text: String
        let gate: AsyncGate
    }
}
