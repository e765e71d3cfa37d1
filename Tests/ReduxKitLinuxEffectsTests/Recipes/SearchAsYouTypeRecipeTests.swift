import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// The search-as-you-type recipe, tested as its article says to test it: a
/// test store, a test clock for the debounce, and a fake client whose answers
/// the test releases (late, and ignoring cancellation, like a reply already on
/// the wire). Every action the effects send is asserted, so a stale result
/// that landed would fail the test.
@Suite("Recipe: search as you type", .hangSafetyNet)
struct SearchAsYouTypeRecipeTests {
    /// Answers a query when the test says so.
    final class GatedSearchClient: SearchClient {
        private let gates = Locked<[String: AsyncGate]>([:])
        let asked = Recorder<String>()

        private func gate(for query: String) -> AsyncGate {
            gates.withLock { gates in
                if let gate = gates[query] { return gate }
                let gate = AsyncGate()
                gates[query] = gate
                return gate
            }
        }

        func search(_ query: String) async throws -> [String] {
            asked.append(query)
            await gate(for: query).wait()
            return ["\(query) 1", "\(query) 2"]
        }

        func answer(_ query: String) {
            gate(for: query).open()
        }
    }

    @Test func typingFastSearchesOnceAndOnlyTheLastQuerysHitsLand() async {
        let clock = TestClock()
        let client = GatedSearchClient()
        var dependencies = EffectDependencies()
        dependencies.clock = clock
        dependencies.searchClient = client
        let test = TestStore(
            initialState: SearchScreen(), reducer: searchScreenReducer,
            middleware: [thunkMiddleware(dependencies: dependencies), searchListeners(dependencies).middleware()])

        // "a", then "ab" 100 ms later: one search, for "ab", 300 ms after the last key.
        test.dispatch(QueryTyped(query: "a")) { $0.query = "a" }
        await clock.advance(by: .milliseconds(100))
        test.dispatch(QueryTyped(query: "ab")) { $0.query = "ab" }
        await clock.advance(by: .milliseconds(299))
        #expect(client.asked.values.isEmpty)
        await clock.advance(by: .milliseconds(1))
        await test.receive(searchHits.pending) { $0.isSearching = true }

        // "abc" while "ab" is in flight: the "ab" search is cancelled and settles at once.
        test.dispatch(QueryTyped(query: "abc")) { $0.query = "abc" }
        await test.receive(searchHits.rejected) { rejected, state in
            #expect(rejected.argument == "ab")
            #expect(rejected.wasCancelled)
            state.isSearching = false
        }
        // Its answer arrives late: it is dropped (an action it sent would fail `finish`).
        client.answer("ab")
        await clock.advance(by: .milliseconds(300))
        await test.receive(searchHits.pending) { $0.isSearching = true }
        client.answer("abc")
        await test.receive(searchHits.fulfilled) {
            $0.hits = ["abc 1", "abc 2"]
            $0.isSearching = false
        }
        await test.finish()
        #expect(client.asked.values == ["ab", "abc"])
    }

    @Test func clearingTheQuerySearchesNothing() async {
        let clock = TestClock()
        let client = GatedSearchClient()
        var dependencies = EffectDependencies()
        dependencies.clock = clock
        dependencies.searchClient = client
        let test = TestStore(
            initialState: SearchScreen(query: "a"), reducer: searchScreenReducer,
            middleware: [thunkMiddleware(dependencies: dependencies), searchListeners(dependencies).middleware()])
        test.dispatch(QueryTyped(query: "")) { $0.query = "" }
        await clock.advance(by: .milliseconds(300))
        await test.finish()
        #expect(client.asked.values.isEmpty)
    }
}
