// expect: error: cannot convert value of type 'String' to closure result type 'Int?'
// An infinite query's page parameter has one type: the one its first page starts from. A next-page
// rule that gives another (a cursor string where pages are numbered) would hand the body a
// parameter it cannot read; the compiler refuses it. The twin gives the next number.
import ReduxKitLinuxQuery

struct AppState: Equatable, Sendable { var api = QueryCacheState() }

let api = QueryCache<AppState>("api", state: \.api)
let feed = api.infiniteQuery(
    "feed", initialPageParam: 0,
    nextPageParam: { (data: InfiniteQueryData<[String], Int>, _: String) in
        "cursor-\(data.pageParams.count)"  // CULPRIT
        // TWIN: data.pageParams.count
    }
) { (topic: String, page: Int, _) in ["\(topic) \(page)"] }
