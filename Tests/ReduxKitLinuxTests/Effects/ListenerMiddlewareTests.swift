import ReduxKitLinux
import Testing

@Suite("Listener middleware", .timeLimit(.minutes(1)))
struct ListenerMiddlewareTests {
    struct Search: Action { let text: String }
    struct Found: Action { let text: String }
    struct Broken: Action {}
    struct SearchFailed: Error {}

    static func makeStore(_ listeners: ListenerMiddleware<Int>, log: Recorder<String> = Recorder()) -> Store<Int> {
        createStore(
            { (state: Int?, action: any Action) -> Int in
                if !(action is DefaultAction) { log.append(action.type) }
                return counterReducer(state, action)
            }, 0, applyMiddleware(listeners.middleware))
    }

    @Test func anEffectRunsAfterTheReducerWithTheStateBeforeAndAfter() async {
        let listeners = ListenerMiddleware<Int>()
        let seen = Recorder<String>()
        listeners.addListener(for: Increment.self) { action, context in
            seen.append("by \(action.by): \(context.stateBefore) -> \(context.stateAfter)")
            context.dispatch(Noop())
        }
        let log = Recorder<String>()
        let store = Self.makeStore(listeners, log: log)
        store.dispatch(Increment(by: 3))
        #expect(await eventually { log.count == 2 })
        #expect(seen.values == ["by 3: 0 -> 3"])
        #expect(log.values == ["Increment", "Noop"])
    }

    @Test func aPredicateChoosesTheActions() async {
        let listeners = ListenerMiddleware<Int>()
        let seen = Recorder<String>()
        listeners.addListener(matching: { ($0 as? Increment)?.by == 2 }) { action, _ in seen.append(action.type) }
        let store = Self.makeStore(listeners)
        store.dispatch(Increment(by: 1))
        store.dispatch(Increment(by: 2))
        store.dispatch(Decrement(by: 2))
        #expect(await eventually { seen.count == 1 })
        try? await Task.sleep(for: .milliseconds(20))
        #expect(seen.values == ["Increment"])
    }

    @Test func latestOnlyCancelsTheRunStillGoing() async {
        let listeners = ListenerMiddleware<Int>()
        let cancelled = Recorder<String>()
        let finished = Recorder<String>()
        listeners.addListener(for: Search.self, policy: .latest) { search, context in
            do {
                try await Task.sleep(for: search.text == "first" ? .seconds(30) : .milliseconds(1))
            } catch {
                cancelled.append(search.text)
                throw error
            }
            finished.append(search.text)
            context.dispatch(Found(text: search.text))
        }
        let log = Recorder<String>()
        let store = Self.makeStore(listeners, log: log)
        store.dispatch(Search(text: "first"))
        store.dispatch(Search(text: "second"))
        #expect(await eventually { finished.count == 1 && cancelled.count == 1 })
        #expect(finished.values == ["second"])
        #expect(cancelled.values == ["first"])
        #expect(await eventually { log.values.contains("Found") })
        #expect(!log.values.contains("ListenerFailed"))
    }

    @Test func allRunsEveryEffectToItsEnd() async {
        let listeners = ListenerMiddleware<Int>()
        let finished = Counter()
        listeners.addListener(for: Search.self, policy: .all) { _, _ in
            try await Task.sleep(for: .milliseconds(5))
            finished.increment()
        }
        let store = Self.makeStore(listeners)
        for index in 0..<5 { store.dispatch(Search(text: "\(index)")) }
        #expect(await eventually { finished.count == 5 })
    }

    @Test func aThrowingEffectBecomesAFailureActionAndTheStoreKeepsWorking() async {
        let listeners = ListenerMiddleware<Int>()
        let failures = Recorder<String>()
        listeners.addListener(for: Broken.self) { _, _ in throw SearchFailed() }
        listeners.addListener(for: ListenerFailed.self) { failure, _ in
            failures.append("\(failure.listener) on \(failure.actionType): \(failure.error is SearchFailed)")
        }
        let store = Self.makeStore(listeners)
        store.dispatch(Broken())
        #expect(await eventually { failures.count == 1 })
        #expect(failures.values == ["Broken on Broken: true"])
        store.dispatch(Increment())
        #expect(store.state == 1)
    }

    @Test func aRemovedListenerRunsNoMore() async {
        let listeners = ListenerMiddleware<Int>()
        let runs = Counter()
        let handle = listeners.addListener(for: Increment.self) { _, _ in runs.increment() }
        let store = Self.makeStore(listeners)
        store.dispatch(Increment())
        #expect(await eventually { runs.count == 1 })
        #expect(handle.disposed == false)
        handle.dispose()
        #expect(handle.disposed)
        store.dispatch(Increment())
        try? await Task.sleep(for: .milliseconds(20))
        #expect(runs.count == 1)
    }

    @Test func freeingTheStoreCancelsItsEffectsAndNothingIsDispatchedAfter() async {
        let listeners = ListenerMiddleware<Int>()
        let sawCancellation = Flag()
        let dispatchedAfter = Recorder<Bool>()
        let started = Flag()
        listeners.addListener(for: Search.self) { _, context in
            started.set()
            do {
                try await Task.sleep(for: .seconds(30))
            } catch {
                sawCancellation.set()
                dispatchedAfter.append(context.dispatch(Found(text: "late")) != nil)
                throw error
            }
        }
        weak var weakStore: Store<Int>?
        do {
            let store = Self.makeStore(listeners)
            weakStore = store
            store.dispatch(Search(text: "x"))
            #expect(await eventually { started.isSet })
        }
        #expect(weakStore == nil)
        #expect(await eventually { sawCancellation.isSet && dispatchedAfter.count == 1 })
        #expect(dispatchedAfter.values == [false])
    }

    @Test func effectsDispatchingFromManyTasksKeepExactTotals() async {
        let listeners = ListenerMiddleware<Int>()
        listeners.addListener(for: Search.self) { _, context in
            for _ in 0..<20 {
                context.dispatch(Increment())
                await Task.yield()
            }
        }
        let store = Self.makeStore(listeners)
        for index in 0..<50 { store.dispatch(Search(text: "\(index)")) }
        #expect(await eventually { store.state == 1_000 })
        try? await Task.sleep(for: .milliseconds(20))
        #expect(store.state == 1_000)
    }
}
