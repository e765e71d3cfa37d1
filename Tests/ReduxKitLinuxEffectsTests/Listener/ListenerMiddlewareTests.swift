import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import Testing

/// Listeners on both routes back into a store: a store built on the main actor
/// (`listeners.middleware()` made there too), and a store handed to a
/// `SharedStore` (its middleware made outside any actor). Effects report what
/// they did on a stream the test waits on.
@Suite("Listener middleware", .hangSafetyNet)
struct ListenerMiddlewareTests {
    struct Search: Action { let text: String }
    struct Found: Action { let text: String }
    struct Broken: Action {}
    struct SearchFailed: Error {}

    /// A counter store on the main actor whose reducer logs every action's type.
    @MainActor
    static func makeStore(_ listeners: ListenerMiddleware<Int>, log: Recorder<String> = Recorder()) -> Store<Int> {
        createStore(
            { (state: Int?, action: any Action) -> Int in
                if !(action is DefaultAction) { log.append(action.type) }
                return counterReducer(state, action)
            }, 0, applyMiddleware(listeners.middleware()))
    }

    /// The same counter store, handed to a shared store.
    static func makeSharedStore(
        _ listeners: ListenerMiddleware<Int>, log: Recorder<String> = Recorder()
    ) -> SharedStore<Int> {
        SharedStore(
            createStore(
                { (state: Int?, action: any Action) -> Int in
                    if !(action is DefaultAction) { log.append(action.type) }
                    return counterReducer(state, action)
                }, 0, applyMiddleware(listeners.middleware())))
    }

    @Test @MainActor func anEffectRunsAfterTheReducerWithTheStateBeforeAndAfter() async {
        let listeners = ListenerMiddleware<Int>()
        let seen = Recorder<String>()
        let (done, finished) = AsyncStream.makeStream(of: Void.self)
        listeners.addListener(for: Increment.self) { action, context in
            seen.append("by \(action.by): \(context.stateBefore) -> \(context.stateAfter)")
            await context.dispatch(Noop())
            finished.yield()
        }
        let log = Recorder<String>()
        let store = Self.makeStore(listeners, log: log)
        store.dispatch(Increment(by: 3))
        var runs = done.makeAsyncIterator()
        #expect(await runs.next() != nil)
        #expect(seen.values == ["by 3: 0 -> 3"])
        #expect(log.values == ["Increment", "Noop"])
    }

    @Test func aPredicateChoosesTheActions() async {
        let listeners = ListenerMiddleware<Int>()
        let seen = Recorder<String>()
        let (ran, run) = AsyncStream.makeStream(of: Void.self)
        listeners.addListener(matching: { ($0 as? Increment)?.by == 2 }) { action, _ in
            seen.append(action.type)
            run.yield()
        }
        let store = Self.makeSharedStore(listeners)
        store.dispatch(Increment(by: 1))
        store.dispatch(Increment(by: 2))
        store.dispatch(Decrement(by: 2))
        var first = ran.makeAsyncIterator()
        #expect(await first.next() != nil)
        // Runs start inside the dispatch: once none is running, none that must not run ran.
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["Increment"])
    }

    @Test @MainActor func latestOnlyCancelsTheRunStillGoing() async {
        let listeners = ListenerMiddleware<Int>()
        let (outcomes, outcome) = AsyncStream.makeStream(of: String.self)
        listeners.addListener(for: Search.self, policy: .latest) { search, context in
            if search.text == "first" {
                do {
                    try await Gate().wait()  // never opened: waits until cancelled
                } catch {
                    outcome.yield("cancelled \(search.text)")
                    throw error
                }
            }
            await context.dispatch(Found(text: search.text))
            outcome.yield("finished \(search.text)")
        }
        let log = Recorder<String>()
        let store = Self.makeStore(listeners, log: log)
        store.dispatch(Search(text: "first"))
        store.dispatch(Search(text: "second"))
        var seen: Set<String> = []
        for await event in outcomes {
            seen.insert(event)
            if seen.count == 2 { break }
        }
        #expect(seen == ["cancelled first", "finished second"])
        #expect(log.values.filter { $0 == "Found" }.count == 1)
        #expect(!log.values.contains("ListenerFailed"))
    }

    /// Every run waits at a gate until all five have been dispatched: with
    /// `.all`, none is cancelled by the next.
    @Test func allRunsEveryEffectToItsEnd() async {
        let listeners = ListenerMiddleware<Int>()
        let gate = Gate()
        let (finishedRuns, finished) = AsyncStream.makeStream(of: String.self)
        listeners.addListener(for: Search.self, policy: .all) { search, _ in
            try await gate.wait()
            finished.yield(search.text)
        }
        let store = Self.makeSharedStore(listeners)
        for index in 0..<5 { store.dispatch(Search(text: "\(index)")) }
        gate.open()
        var texts: Set<String> = []
        for await text in finishedRuns {
            texts.insert(text)
            if texts.count == 5 { break }
        }
        #expect(texts == ["0", "1", "2", "3", "4"])
    }

    @Test @MainActor func aThrowingEffectBecomesAFailureActionAndTheStoreKeepsWorking() async {
        let listeners = ListenerMiddleware<Int>()
        let (failures, failure) = AsyncStream.makeStream(of: String.self)
        listeners.addListener(for: Broken.self) { _, _ in throw SearchFailed() }
        listeners.addListener(for: ListenerFailed.self) { failed, _ in
            failure.yield("\(failed.listener) on \(failed.actionType): \(failed.error is SearchFailed)")
        }
        let store = Self.makeStore(listeners)
        store.dispatch(Broken())
        var reported = failures.makeAsyncIterator()
        #expect(await reported.next() == "Broken on Broken: true")
        store.dispatch(Increment())
        #expect(store.state == 1)
    }

    @Test func aRemovedListenerRunsNoMore() async {
        let listeners = ListenerMiddleware<Int>()
        let runs = Counter()
        let (ran, run) = AsyncStream.makeStream(of: Void.self)
        let handle = listeners.addListener(for: Increment.self) { _, _ in
            runs.increment()
            run.yield()
        }
        let store = Self.makeSharedStore(listeners)
        store.dispatch(Increment())
        var first = ran.makeAsyncIterator()
        #expect(await first.next() != nil)
        #expect(runs.count == 1)
        #expect(handle.disposed == false)
        handle.dispose()
        #expect(handle.disposed)
        store.dispatch(Increment())
        // Runs start inside the dispatch: once none is running, a run that must not happen did not.
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(runs.count == 1)
    }

    @Test @MainActor func freeingTheStoreCancelsItsEffectsAndNothingIsDispatchedAfter() async {
        let listeners = ListenerMiddleware<Int>()
        let (events, event) = AsyncStream.makeStream(of: String.self)
        listeners.addListener(for: Search.self) { _, context in
            event.yield("started")
            do {
                try await Gate().wait()  // never opened: waits until cancelled
            } catch {
                let dispatched = await context.dispatch(Found(text: "late")) != nil
                event.yield("cancelled, dispatched after: \(dispatched)")
                throw error
            }
        }
        var reports = events.makeAsyncIterator()
        weak var weakStore: Store<Int>?
        do {
            let store = Self.makeStore(listeners)
            weakStore = store
            store.dispatch(Search(text: "x"))
            #expect(await reports.next() == "started")
        }
        #expect(weakStore == nil)
        #expect(await reports.next() == "cancelled, dispatched after: false")
    }

    /// Fifty effects dispatching from tasks on the global executor, at once,
    /// into one shared store: every increment lands exactly once.
    @Test func effectsDispatchingFromManyTasksKeepExactTotals() async {
        let listeners = ListenerMiddleware<Int>()
        let (doneRuns, done) = AsyncStream.makeStream(of: Void.self)
        listeners.addListener(for: Search.self) { _, context in
            for _ in 0..<20 {
                await context.dispatch(Increment())
                await Task.yield()
            }
            done.yield()
        }
        let store = Self.makeSharedStore(listeners)
        for index in 0..<50 { store.dispatch(Search(text: "\(index)")) }
        var finished = 0
        for await _ in doneRuns {
            finished += 1
            if finished == 50 { break }
        }
        #expect(finished == 50)
        #expect(store.state == 1_000)
    }
}
