import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// Search-as-you-type, as a user would write it: a debounced listener on the
/// query dispatches an async thunk that asks a search service. Typing "a",
/// "ab", "abc" with the manual clock moved between keys, and the service
/// answering late, out of order, and ignoring cancellation, no stale result
/// ever lands: only the last query's results do.
@Suite("Listener search as you type", .hangSafetyNet)
struct ListenerSearchTests {
    struct SearchState: Sendable, Equatable {
        var query = ""
        var results: [String] = []
        /// Every query whose results landed, in order.
        var landed: [String] = []
        /// Queries whose results landed while the query was another: must stay empty.
        var stale: [String] = []
        /// Queries whose search was rejected (cancelled).
        var rejected: [String] = []
    }

    struct QueryChanged: Action { let text: String }

    /// A search service whose answers the test releases, query by query. It
    /// ignores cancellation, like a reply already on the wire.
    final class SearchService: Sendable {
        private let gates = Locked<[String: AsyncGate]>([:])
        let requests = Recorder<String>()

        private func gate(_ query: String) -> AsyncGate {
            gates.withLock { gates in
                if let gate = gates[query] { return gate }
                let gate = AsyncGate()
                gates[query] = gate
                return gate
            }
        }

        func search(_ query: String) async -> [String] {
            requests.append(query)
            await gate(query).wait()
            return ["\(query) 1", "\(query) 2"]
        }

        func answer(_ query: String) {
            gate(query).open()
        }
    }

    enum SearchServiceKey: EffectDependencyKey {
        static let defaultValue = SearchService()
    }

    static let search = AsyncThunk<SearchState, String, [String]>("search") { query, context in
        await context.dependencies[SearchServiceKey.self].search(query)
    }

    static func reducer(_ state: SearchState?, _ action: any Action) -> SearchState {
        var state = state ?? SearchState()
        if let changed = action as? QueryChanged { state.query = changed.text }
        if let found = search.fulfilled(action) {
            state.landed.append(found.argument)
            if found.argument != state.query { state.stale.append(found.argument) }
            state.results = found.value
        }
        if let rejected = search.rejected(action) { state.rejected.append(rejected.argument) }
        return state
    }

    /// The screen's store: one set of dependencies (the service, the manual
    /// clock) for the thunks and the listeners.
    static func makeStore(
        _ service: SearchService, clock: TestClock,
        listen: (ListenerMiddleware<SearchState>) -> Void
    ) -> SharedStore<SearchState> {
        var dependencies = EffectDependencies()
        dependencies.clock = clock
        dependencies[SearchServiceKey.self] = service
        let listeners = ListenerMiddleware<SearchState>(dependencies: dependencies)
        listen(listeners)
        return SharedStore(
            createStore(
                reducer, SearchState(),
                applyMiddleware(
                    thunkMiddleware(dependencies: dependencies), listeners.middleware())))
    }

    /// Types "a", "ab", "abc" and answers in the orders that used to let stale
    /// results land; `debounce` is the listener's quiet period.
    static func typeAndAnswer(
        _ store: SharedStore<SearchState>, _ service: SearchService, _ clock: TestClock, debounce: Duration
    ) async {
        // "a" then "ab" inside the quiet period: "a" is never searched.
        store.dispatch(QueryChanged(text: "a"))
        #expect(clock.sleepCalls == 1 && clock.sleeping == 1)  // the quiet period began inside the dispatch
        await clock.advance(by: debounce / 2)
        store.dispatch(QueryChanged(text: "ab"))
        #expect(clock.sleepCalls == 2 && clock.sleeping == 1)
        await clock.advance(by: debounce)
        #expect(await service.requests.wait(forCount: 1) == ["ab"])

        // "abc" while "ab" is in flight; "ab"'s answer comes late, during
        // "abc"'s quiet period: the "ab" search was cancelled with its run.
        store.dispatch(QueryChanged(text: "abc"))
        #expect(clock.sleepCalls == 3 && clock.sleeping == 1)
        service.answer("ab")
        #expect(await until(store) { !$0.rejected.isEmpty }.rejected == ["ab"])
        await clock.advance(by: debounce)
        #expect(await service.requests.wait(forCount: 2) == ["ab", "abc"])

        // "abcd" while "abc" is in flight, then the answers out of order:
        // "abcd" first, "abc" after.
        store.dispatch(QueryChanged(text: "abcd"))
        #expect(clock.sleepCalls == 4 && clock.sleeping == 1)
        await clock.advance(by: debounce)
        #expect(await service.requests.wait(forCount: 3) == ["ab", "abc", "abcd"])
        service.answer("abcd")
        #expect(await until(store) { !$0.landed.isEmpty }.landed == ["abcd"])
        service.answer("abc")
        await store.waitForEffects()
        #expect(store.runningEffectCount == 0)

        let state = store.getState()
        #expect(state.stale == [])
        #expect(state.landed == ["abcd"])
        #expect(state.results == ["abcd 1", "abcd 2"])
        #expect(Set(state.rejected) == ["ab", "abc"])
    }

    @Test func aDebouncedListenerLetsOnlyTheLastQuerysResultsLand() async {
        let service = SearchService()
        let clock = TestClock()
        let store = Self.makeStore(service, clock: clock) { listeners in
            listeners.addListener(for: QueryChanged.self, policy: .debounce(.milliseconds(300))) { changed, context in
                guard let handle = await context.dispatch(Self.search(changed.text)) else { return }
                _ = await handle.result
            }
        }
        await Self.typeAndAnswer(store, service, clock, debounce: .milliseconds(300))
    }

    /// RTK's recipe, spelled out: `.latest`, then `delay` before searching.
    @Test func aLatestListenerThatDelaysLetsOnlyTheLastQuerysResultsLand() async {
        let service = SearchService()
        let clock = TestClock()
        let store = Self.makeStore(service, clock: clock) { listeners in
            listeners.addListener(for: QueryChanged.self, policy: .latest) { changed, context in
                try await context.delay(.milliseconds(250))
                guard let handle = await context.dispatch(Self.search(changed.text)) else { return }
                _ = await handle.result
            }
        }
        await Self.typeAndAnswer(store, service, clock, debounce: .milliseconds(250))
    }
}
