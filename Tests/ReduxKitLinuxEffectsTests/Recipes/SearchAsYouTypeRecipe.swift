import Foundation
import ReduxKitLinuxEffects

// The search-as-you-type recipe of Docs/ReduxKitLinux.docc/MiddlewareAndEffects.md: the code
// between the markers is the article's sample, word for word (Docs/check-recipes.py checks it).

// BEGIN RECIPE search-as-you-type
struct SearchScreen: Equatable, Sendable {
    var query = ""
    var hits: [String] = []
    var isSearching = false
}

struct QueryTyped: Action { let query: String }

/// What the app searches with; tests put a fake in its place.
protocol SearchClient: Sendable {
    func search(_ query: String) async throws -> [String]
}

enum SearchClientKey: EffectDependencyKey {
    static let defaultValue: any SearchClient = LiveSearchClient()
}

/// The client the app ships with (a stand-in here: it would call the server).
struct LiveSearchClient: SearchClient {
    func search(_ query: String) async throws -> [String] { ["\(query): no server in this sample"] }
}

extension EffectDependencies {
    var searchClient: any SearchClient {
        get { self[SearchClientKey.self] }
        set { self[SearchClientKey.self] = newValue }
    }
}

let searchHits = AsyncThunk<SearchScreen, String, [String]>("search/hits") { query, context in
    try await context.dependencies.searchClient.search(query)
}

func searchScreenReducer(_ state: inout SearchScreen, _ action: any Action) {
    if let typed = action as? QueryTyped {
        state.query = typed.query
    } else if searchHits.pending(action) != nil {
        state.isSearching = true
    } else if let found = searchHits.fulfilled(action) {
        state.hits = found.value
        state.isSearching = false
    } else if searchHits.rejected(action) != nil {
        state.isSearching = false
    }
}

/// Debounced (a search starts once typing pauses for 300 ms) and latest-wins:
/// a new query cancels the run going on, and with it the search it started,
/// whose results then never land.
func searchListeners(_ dependencies: EffectDependencies) -> ListenerMiddleware<SearchScreen> {
    let listeners = ListenerMiddleware<SearchScreen>(dependencies: dependencies)
    listeners.addListener(for: QueryTyped.self, policy: .debounce(.milliseconds(300))) { typed, context in
        guard !typed.query.isEmpty else { return }
        _ = await context.dispatch(searchHits(typed.query))?.result
    }
    return listeners
}
// END RECIPE search-as-you-type
