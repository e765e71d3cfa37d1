import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// A thunk's condition can skip a run before anything is dispatched; it sees
/// the state as the dispatch finds it and the store's dependencies.
@Suite("Async thunk conditions", .hangSafetyNet)
struct AsyncThunkConditionTests {
    struct Catalog: Sendable, Equatable {
        var loading = false
        var items: [String] = []
    }

    enum FeatureFlagKey: EffectDependencyKey {
        static let defaultValue = true
    }

    /// A catalog store whose reducer logs every lifecycle action's type.
    static func makeStore(logging log: Recorder<String>, load: AsyncThunk<Catalog, String, [String]>)
        -> SharedStore<Catalog>
    {
        var dependencies = EffectDependencies()
        dependencies[FeatureFlagKey.self] = true
        return SharedStore(
            createStore(
                { (state: Catalog?, action: any Action) -> Catalog in
                    var state = state ?? Catalog()
                    if let lifecycle = action as? any AsyncThunkLifecycleAction { log.append(lifecycle.type) }
                    if load.pending(action) != nil { state.loading = true }
                    if let done = load.fulfilled(action) {
                        state.loading = false
                        state.items = done.value
                    }
                    if load.rejected(action) != nil { state.loading = false }
                    return state
                }, nil, applyMiddleware(thunkMiddleware(dependencies: dependencies))))
    }

    @Test func aConditionSayingNoDispatchesNothingAndTheHandleFailsWithAConditionError() async {
        let log = Recorder<String>()
        let ran = Flag()
        let load = AsyncThunk<Catalog, String, [String]>("catalog/load", condition: { _, _ in false }) { shelf, _ in
            ran.set()
            return [shelf]
        }
        let store = Self.makeStore(logging: log, load: load)
        let handle = store.dispatch(load("fruit"))
        let result = await handle.result
        #expect(throws: AsyncThunkConditionError(typePrefix: "catalog/load")) { try result.get() }
        await store.waitForEffects()
        #expect(log.values.isEmpty)
        #expect(!ran.isSet)
        #expect(store.runningEffectCount == 0)
    }

    /// Redux Toolkit's deduplication: the condition runs inside the dispatch,
    /// so a second dispatch sees the first one's pending action in the state.
    @Test func aSecondDispatchSeesTheFirstOnesPendingStateAndIsSkipped() async throws {
        let log = Recorder<String>()
        let gate = AsyncGate()
        let load = AsyncThunk<Catalog, String, [String]>(
            "catalog/load", condition: { _, context in !context.state.loading }
        ) { shelf, _ in
            await gate.wait()
            return [shelf]
        }
        let store = Self.makeStore(logging: log, load: load)
        let first = store.dispatch(load("fruit"))
        let second = store.dispatch(load("fruit"))
        await #expect(throws: AsyncThunkConditionError.self) { try await second.value }
        gate.open()
        #expect(try await first.value == ["fruit"])
        #expect(log.values == ["catalog/load/pending", "catalog/load/fulfilled"])
        #expect(store.state == Catalog(loading: false, items: ["fruit"]))
    }

    @Test func dispatchConditionRejectionDispatchesARejectedActionMarkedSkipped() async {
        let rejections = Recorder<AsyncThunk<Int, String, Int>.Rejected>()
        let load = AsyncThunk<Int, String, Int>(
            "n/load", condition: { _, _ in false }, dispatchConditionRejection: true
        ) { _, _ in 1 }
        let store = SharedStore(
            createStore(
                { (state: Int?, action: any Action) -> Int in
                    #expect(load.pending(action) == nil)
                    if let rejected = load.rejected(action) { rejections.append(rejected) }
                    return state ?? 0
                }, 0, applyMiddleware(thunkMiddleware())))
        let handle = store.dispatch(load("a"))
        #expect(rejections.count == 1)  // dispatched inside the dispatch
        let rejected = rejections.values.first
        #expect(rejected?.wasSkippedByCondition == true)
        #expect(rejected?.wasCancelled == false)
        #expect(rejected?.requestID == handle.requestID)
        #expect(rejected?.argument == "a")
        #expect(rejected?.serializedError.name == "ConditionError")
        await #expect(throws: AsyncThunkConditionError.self) { try await handle.value }
    }

    @Test func theConditionReadsTheDependenciesAndTheArgument() async throws {
        let log = Recorder<String>()
        let load = AsyncThunk<Catalog, String, [String]>(
            "catalog/load", condition: { shelf, context in context.dependencies[FeatureFlagKey.self] && shelf != "" }
        ) { shelf, _ in [shelf] }
        let store = Self.makeStore(logging: log, load: load)
        await #expect(throws: AsyncThunkConditionError.self) { try await store.dispatch(load("")).value }
        #expect(try await store.dispatch(load("tea")).value == ["tea"])
        #expect(log.values == ["catalog/load/pending", "catalog/load/fulfilled"])
    }

    @Test func anAsyncConditionIsAwaitedBeforeThePendingAction() async throws {
        let log = Recorder<String>()
        let decide = AsyncGate()
        let answers = Recorder<Bool>()
        let load = AsyncThunk<Catalog, String, [String]>(
            "catalog/load",
            asyncCondition: { shelf, context in
                await decide.wait()
                return (try? await context.getState().loading) == false && shelf != "none"
            }
        ) { shelf, _ in
            answers.append(true)
            return [shelf]
        }
        let store = Self.makeStore(logging: log, load: load)
        let yes = store.dispatch(load("fruit"))
        let no = store.dispatch(load("none"))
        #expect(log.values.isEmpty)  // nothing until the condition answers
        decide.open()
        #expect(try await yes.value == ["fruit"])
        await #expect(throws: AsyncThunkConditionError.self) { try await no.value }
        await store.waitForEffects()
        #expect(log.values == ["catalog/load/pending", "catalog/load/fulfilled"])
        #expect(answers.count == 1)
    }

    /// Issue 20, item 10, as Redux Toolkit does since its PR 5314: a run
    /// cancelled while its async condition waits, which then says yes,
    /// dispatches a rejected action marked cancelled with the reason (RTK's
    /// `AbortError`), and no pending action; the body never runs.
    @Test func aRunCancelledWhileItsAsyncConditionWaitsDispatchesACancelledRejection() async {
        let log = Recorder<String>()
        let decide = AsyncGate()
        let bodies = Counter()
        let rejections = Recorder<String>()
        let load = AsyncThunk<Catalog, String, [String]>(
            "catalog/load",
            asyncCondition: { _, _ in
                await decide.wait()
                return true
            }
        ) { shelf, _ in
            bodies.increment()
            return [shelf]
        }
        let store = SharedStore(
            createStore(
                { (state: Catalog?, action: any Action) -> Catalog in
                    if let lifecycle = action as? any AsyncThunkLifecycleAction { log.append(lifecycle.type) }
                    if let rejected = load.rejected(action) {
                        rejections.append(
                            "cancelled \(rejected.wasCancelled), reason \(rejected.cancelReason ?? "none")")
                    }
                    return state ?? Catalog()
                }, nil, applyMiddleware(thunkMiddleware())))
        let handle = store.dispatch(load("fruit"))
        handle.cancel(reason: "left the screen")
        decide.open()
        await #expect(throws: CancellationError.self) { try await handle.value }
        await store.waitForEffects()
        #expect(log.values == ["catalog/load/rejected"])
        #expect(rejections.values == ["cancelled true, reason left the screen"])
        #expect(bodies.count == 0)
    }

    /// A condition that says no wins over a cancellation meanwhile, as in RTK:
    /// a condition rejection, dispatched only with `dispatchConditionRejection`.
    @Test(arguments: [false, true])
    func aConditionSayingNoAfterACancelIsAConditionRejection(dispatchConditionRejection: Bool) async {
        let log = Recorder<String>()
        let decide = AsyncGate()
        let load = AsyncThunk<Catalog, String, [String]>(
            "catalog/load",
            asyncCondition: { _, _ in
                await decide.wait()
                return false
            }, dispatchConditionRejection: dispatchConditionRejection
        ) { shelf, _ in [shelf] }
        let store = Self.makeStore(logging: log, load: load)
        let handle = store.dispatch(load("fruit"))
        handle.cancel()
        decide.open()
        await #expect(throws: AsyncThunkConditionError.self) { try await handle.value }
        await store.waitForEffects()
        #expect(log.values == (dispatchConditionRejection ? ["catalog/load/rejected"] : []))
    }

    @Test func pendingMetaGoesOnThePendingAction() async throws {
        let metas = Recorder<String>()
        let load = AsyncThunk<Int, String, Int>(
            "n/load", pendingMeta: { argument, context in "\(argument)@\(context.state)" }
        ) { _, _ in 1 }
        let store = SharedStore(
            createStore(
                { (state: Int?, action: any Action) -> Int in
                    if let meta = load.pending(action)?.meta(as: String.self) { metas.append(meta) }
                    return state ?? 7
                }, 7, applyMiddleware(thunkMiddleware())))
        _ = try await store.dispatch(load("a")).value
        #expect(metas.values == ["a@7"])
    }
}
