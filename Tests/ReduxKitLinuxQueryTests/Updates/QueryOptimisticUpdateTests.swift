import ReduxKitLinux
import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// Optimistic updates are layers over the server's data: a failed one goes
/// and the others stay, an answer that lands meanwhile goes under them, a
/// successful one stays until an answer fetched after it replaces it.
@Suite("Optimistic updates as layers", .hangSafetyNet)
@MainActor
struct QueryOptimisticUpdateTests {
    let listKey = TodoAPI.list.key(NoArgument())

    func titles(_ store: Store<AppState>) -> [String]? {
        TodoAPI.list.select()(store.state.api).data?.map(\.title)
    }

    /// A store whose list was fetched (["milk"]) and is subscribed to.
    func loadedStore(_ server: TodoServer) async -> (Store<AppState>, QuerySubscription) {
        let store = makeStore(server: server, clock: TestClock())
        let subscription = store.dispatch(TodoAPI.list.subscribe())
        await waitUntil(store) { [listKey] in $0.api[listKey]?.status == .fulfilled }
        return (store, subscription)
    }

    @Test func aFailedMutationTakesItsPatchBack() async {
        let server = TodoServer()
        let (store, subscription) = await loadedStore(server)
        let gate = AsyncGate()
        let run = store.dispatch(TodoAPI.addOptimistically(.init(title: "bread", gate: gate, fails: true)))
        #expect(titles(store) == ["milk", "bread"])
        gate.open()
        #expect(await run.result.isFailure)
        #expect(titles(store) == ["milk"])
        #expect(store.state.api[listKey]?.layers == [])
        subscription.unsubscribe()
    }

    /// RTK #5139: undoing a middle patch keeps the others.
    @Test func undoingTheMiddleOfThreePatchesKeepsTheOtherTwo() async {
        let server = TodoServer()
        let (store, subscription) = await loadedStore(server)
        let gates = [AsyncGate(), AsyncGate(), AsyncGate()]
        let first = store.dispatch(TodoAPI.addOptimistically(.init(title: "a", gate: gates[0])))
        let middle = store.dispatch(TodoAPI.addOptimistically(.init(title: "b", gate: gates[1], fails: true)))
        let last = store.dispatch(TodoAPI.addOptimistically(.init(title: "c", gate: gates[2])))
        #expect(titles(store) == ["milk", "a", "b", "c"])
        gates[1].open()
        #expect(await middle.result.isFailure)
        #expect(titles(store) == ["milk", "a", "c"])
        // One after the other, so the server adds "a" before "c" (opened together, the two
        // bodies race to it, and under load "c" was added first).
        gates[0].open()
        _ = await first.result
        gates[2].open()
        _ = await last.result
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(titles(store) == ["milk", "a", "c"])  // the refetch's answer, the layers gone
        #expect(store.state.api[listKey]?.layers == [])
        subscription.unsubscribe()
    }

    /// RTK #1512, TanStack #5968: a refetch that lands while a patch is
    /// pending goes under it instead of erasing it.
    @Test func anAnswerThatLandsWhileAPatchIsPendingGoesUnderIt() async {
        let server = TodoServer()
        let (store, subscription) = await loadedStore(server)
        let gate = AsyncGate()
        let run = store.dispatch(TodoAPI.addOptimistically(.init(title: "bread", gate: gate)))
        _ = server.add("eggs")  // someone else's change, which the refetch brings
        _ = store.dispatch(TodoAPI.refresh(NoArgument()))  // invalidates the list: it refetches
        await waitUntil(store) { [listKey] in $0.api[listKey]?.serverData?.value(as: [Todo].self)?.count == 2 }
        #expect(titles(store) == ["milk", "eggs", "bread"])
        gate.open()
        _ = await run.result
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(titles(store) == ["milk", "eggs", "bread"])
        subscription.unsubscribe()
    }

    /// A successful mutation's layer stays until the answer of a fetch that
    /// started after it, so the data never shows the old list in between.
    @Test func aCommittedPatchStaysUntilAnAnswerFetchedAfterIt() async {
        let server = TodoServer()
        let (store, subscription) = await loadedStore(server)
        let refetchGate = server.holdNextAnswer()
        let gate = AsyncGate()
        let run = store.dispatch(TodoAPI.addOptimistically(.init(title: "bread", gate: gate)))
        gate.open()
        _ = await run.result
        // Settled: the layer is committed and the list's refetch is in flight.
        #expect(store.state.api[listKey]?.status == .pending)
        #expect(store.state.api[listKey]?.layers.map(\.isCommitted) == [true])
        #expect(titles(store) == ["milk", "bread"])
        refetchGate.open()
        #expect(await store.waitForEffects(timeout: .seconds(60)))
        #expect(store.state.api[listKey]?.layers == [])
        #expect(titles(store) == ["milk", "bread"])
        subscription.unsubscribe()
    }

    @Test func aPessimisticUpdateWritesTheAnswerIntoTheServerData() async throws {
        let server = TodoServer()
        let (store, subscription) = await loadedStore(server)
        _ = try await store.dispatch(TodoAPI.addPessimistically("bread")).value
        #expect(titles(store) == ["milk", "bread"])
        #expect(store.state.api[listKey]?.layers == [])
        #expect(store.state.api[listKey]?.serverData?.value(as: [Todo].self)?.count == 2)
        #expect(server.listCalls.count == 1)
        subscription.unsubscribe()
    }

    @Test func aHandMadePatchIsUndoneAndAnUpsertReplacesTheServerData() async {
        let server = TodoServer()
        let (store, subscription) = await loadedStore(server)
        let update = TodoAPI.cache.update([TodoAPI.list.patch(NoArgument()) { $0[0].title = "oat milk" }])
        store.dispatch(update)
        #expect(titles(store) == ["oat milk"])
        store.dispatch(TodoAPI.cache.update([TodoAPI.list.upsert(NoArgument(), [Todo(id: 9, title: "tea")])]))
        #expect(titles(store) == ["oat milk"])  // the patch lies over the new server data
        store.dispatch(update.undo)
        #expect(titles(store) == ["tea"])
        #expect(store.state.api[listKey]?.layers == [])
        subscription.unsubscribe()
    }

    @Test func aPatchOfAnEntryNotInTheCacheDoesNothing() {
        let store = makeStore(server: TodoServer(), clock: TestClock())
        store.dispatch(TodoAPI.cache.update([TodoAPI.todo.patch(3) { $0?.title = "x" }]))
        #expect(store.state.api.entries.isEmpty)
    }
}
