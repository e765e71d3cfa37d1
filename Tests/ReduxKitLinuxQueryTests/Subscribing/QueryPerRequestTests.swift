import ReduxKitLinux
import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// A server's requests, each with a store its task owns: each has a cache of
/// its own, so no request ever sees another's entry, even one with the same
/// key fetched at the same time (TanStack Query #1762).
@Suite("A query cache per request", .hangSafetyNet)
struct QueryPerRequestTests {
    /// The state of one request's store.
    struct RequestState: Equatable, Sendable {
        var api = QueryCacheState()
    }

    /// Who a request is from, and the gate its answer waits for.
    struct Session: Sendable {
        let user: String
        let answer: AsyncGate
    }

    enum SessionKey: EffectDependencyKey {
        static let defaultValue = Session(user: "nobody", answer: AsyncGate())
    }

    static let cache = QueryCache<RequestState>("session", state: \.api)
    /// The signed-in user's account: its key, `me`, is the same for every user.
    static let account = cache.query("me") { (_: NoArgument, context) in
        let session = context.dependencies[SessionKey.self]
        await session.answer.wait()
        return "the account of \(session.user)"
    }

    /// One request: subscribes to `me` in a store of its own, says so, and
    /// returns what its entry holds once the fetch ends, with how many
    /// entries its cache had.
    nonisolated static func handleRequest(
        from user: String, answer: AsyncGate, subscribed: Recorder<String>
    ) async -> (account: String?, entries: Int) {
        var dependencies = EffectDependencies()
        dependencies[SessionKey.self] = Session(user: user, answer: answer)
        let store = createStore(
            { (state: inout RequestState, action: any Action) in cache.reduce(&state.api, action) }, RequestState(),
            applyMiddleware(thunkMiddleware(dependencies: dependencies), cache.middleware(dependencies: dependencies)))
        let subscription = store.dispatch(account.subscribe())
        #expect(store.getState().api[account.key(NoArgument())]?.status == .pending)
        subscribed.append(user)
        _ = await store.waitForEffects(timeout: .seconds(60), clock: TestClock())
        subscription.unsubscribe()
        let state = store.getState()
        return (account.select()(state.api).data, state.api.entries.count)
    }

    @Test func twoRequestsFetchingTheSameKeyAtOnceEachSeeTheirOwnEntry() async {
        let answer = AsyncGate()
        let subscribed = Recorder<String>()
        async let ada = Self.handleRequest(from: "ada", answer: answer, subscribed: subscribed)
        async let bob = Self.handleRequest(from: "bob", answer: answer, subscribed: subscribed)
        _ = await subscribed.wait(forCount: 2)  // both fetches are in flight
        answer.open()
        let (adaSees, bobSees) = await (ada, bob)
        #expect(adaSees.account == "the account of ada")
        #expect(bobSees.account == "the account of bob")
        #expect(adaSees.entries == 1)
        #expect(bobSees.entries == 1)
    }
}
