import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// Forks: child tasks of a listener's run, cancelled with it and when its
/// effect ends (unless joined), and what they start cancelled with them.
@Suite("Listener forks", .hangSafetyNet)
struct ListenerForkTests {
    typealias Search = ListenerTestSupport.Search
    struct Shout: Error {}

    @Test func aForkReturnsItsValueOrWhatItThrew() async {
        let listeners = ListenerMiddleware<Int>()
        let seen = Recorder<String>()
        listeners.addListener(for: Search.self) { search, context in
            let value = context.fork { search.text.uppercased() }
            let failing = context.fork { () async throws -> String in throw Shout() }
            seen.append(try await value.value)
            if case .failure(let error) = await failing.result { seen.append("threw \(error is Shout)") }
        }
        let log = Recorder<String>()
        let store = ListenerTestSupport.store(listeners, log: log)
        store.dispatch(Search(text: "a"))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["A", "threw true"])
        #expect(!log.values.contains("ListenerFailed"))  // a fork's error is its result's
    }

    /// RTK's fire-and-forget forks: a listener forks and returns at once. Its
    /// forks start before its end (RTK starts them in the next microtask),
    /// run up to their first suspension, then the end cancels them, and they
    /// see it: a cancellation handler runs.
    @Test func forksOfAnEffectThatReturnsAtOnceRunThenSeeTheEndCancelThem() async {
        let listeners = ListenerMiddleware<Int>()
        let outcomes = Recorder<String>()
        listeners.addListener(for: Search.self) { _, context in
            for name in ["a", "b"] {
                context.fork {
                    outcomes.append("\(name) ran")
                    await withTaskCancellationHandler {
                        try? await Gate().wait()  // never opened: waits until cancelled
                    } onCancel: {
                        outcomes.append("\(name) saw the cancellation")
                    }
                }
            }
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "a"))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        let values = outcomes.values
        #expect(values.filter { $0.hasSuffix("ran") }.sorted() == ["a ran", "b ran"])
        #expect(
            values.filter { $0.hasSuffix("cancellation") }.sorted() == [
                "a saw the cancellation", "b saw the cancellation",
            ])
    }

    /// The same on the main actor, where the order is fixed: both forks run
    /// (in the order forked) before the effect's end cancels them.
    @Test @MainActor func onTheMainActorForksRunInOrderBeforeTheEnd() async {
        let clock = TestClock()
        let listeners = ListenerMiddleware<Int>(dependencies: ListenerTestSupport.dependencies(clock))
        let outcomes = Recorder<String>()
        listeners.addListener(for: Search.self) { _, context in
            for name in ["a", "b"] {
                context.fork {
                    outcomes.append("\(name) ran")
                    do {
                        try await context.delay(.seconds(1))  // on a test clock no one moves
                    } catch {
                        outcomes.append("\(name) cancelled")
                    }
                }
            }
            outcomes.append("effect returned")
        }
        let store = createStore(counterReducer, 0, applyMiddleware(listeners.middleware()))
        store.dispatch(Search(text: "a"))
        #expect(await store.waitForEffects(timeout: .seconds(1), clock: TestClock()))
        #expect(outcomes.values == ["effect returned", "a ran", "b ran", "a cancelled", "b cancelled"])
    }

    /// Forks begin in the order forked, though their tasks are made off the
    /// store's actor and may reach it in another order (a red run under the
    /// thread sanitizer found two swapped).
    @Test @MainActor func manyForksOnTheMainActorBeginInTheOrderForked() async {
        let listeners = ListenerMiddleware<Int>(dependencies: ListenerTestSupport.dependencies(TestClock()))
        let begun = Recorder<Int>()
        listeners.addListener(for: Search.self) { _, context in
            for place in 0..<200 { context.fork(autoJoin: true) { begun.append(place) } }
        }
        let store = createStore(counterReducer, 0, applyMiddleware(listeners.middleware()))
        store.dispatch(Search(text: "a"))
        #expect(await store.waitForEffects(timeout: .seconds(60), clock: TestClock()))
        #expect(begun.values == Array(0..<200))
    }

    @Test func anAutoJoinedForkIsAwaitedByItsEffectsEnd() async {
        let listeners = ListenerMiddleware<Int>()
        let gate = AsyncGate()
        let outcomes = Recorder<String>()
        listeners.addListener(for: Search.self) { _, context in
            context.fork(autoJoin: true) {
                await gate.wait()
                outcomes.append("fork cancelled: \(context.isCancelled)")
            }
            outcomes.append("effect returned")
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "a"))
        #expect(outcomes.values == ["effect returned"])  // the effect returned inside the dispatch
        #expect(store.runningEffectCount == 2)  // the run waits for its fork
        gate.open()
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(outcomes.values == ["effect returned", "fork cancelled: false"])
    }

    @Test func cancellingAForkLeavesItsRunGoingAndTheForksDelayIsItsOwn() async {
        let clock = TestClock()
        let listeners = ListenerMiddleware<Int>(dependencies: ListenerTestSupport.dependencies(clock))
        let seen = Recorder<String>()
        listeners.addListener(for: Search.self) { _, context in
            let fork = context.fork { try await context.delay(.seconds(1)) }
            await clock.waitForSleepers()  // the fork starts once this effect suspends, then sleeps
            fork.cancel()
            let result = await fork.result
            seen.append("fork cancelled: \((try? result.get()) == nil), run cancelled: \(context.isCancelled)")
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "a"))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["fork cancelled: true, run cancelled: false"])
    }

    /// A `.latest` run's fork dispatched an async thunk: a newer run cancels
    /// the older run, its fork, and the fork's thunk.
    @Test func aNewerLatestRunCancelsTheOlderRunsForkAndTheThunkItStarted() async {
        let cancelled = Recorder<String>()
        let thunk = AsyncThunk<Int, String, String>("search") { text, _ in
            let (never, continuation) = AsyncStream.makeStream(of: Void.self)
            for await _ in never {}  // ends when the task is cancelled
            withExtendedLifetime(continuation) {}
            if Task.isCancelled { cancelled.append("thunk \(text)") }
            return text
        }
        let listeners = ListenerMiddleware<Int>()
        let started = Recorder<String>()
        listeners.addListener(for: Search.self, policy: .latest) { search, context in
            let fork = context.fork {
                let handle = await context.dispatch(thunk(search.text))
                started.append(search.text)
                _ = await handle?.result
                if Task.isCancelled { cancelled.append("fork \(search.text)") }
            }
            _ = await fork.result
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "a"))
        #expect(await started.wait(forCount: 1) == ["a"])
        store.dispatch(Search(text: "ab"))
        #expect(Set(await cancelled.wait(forCount: 2)) == ["thunk a", "fork a"])
        #expect(await started.wait(forCount: 2) == ["a", "ab"])
        // The "ab" run, its fork and its thunk wait; nothing of "a" is left.
        await store.waitForEffects(downTo: 3)
        #expect(store.runningEffectCount == 3)
    }

    /// RTK's "signal is listenerCancelled when autoJoin: false, cancelListener:
    /// true", with the listener removed right after the dispatch, before its
    /// fork began: the fork still begins, already cancelled, so its
    /// cancellation handler runs (and whatever waits for it is woken).
    @Test(arguments: [false, true]) func aForkOfAListenerRemovedAtOnceStillStartsAndSeesTheCancellation(
        autoJoin: Bool
    ) async {
        let listeners = ListenerMiddleware<Int>()
        let outcomes = Recorder<String>()
        let subscription = listeners.addListener(for: Increment.self) { _, context in
            context.fork(autoJoin: autoJoin) {
                outcomes.append("fork ran")
                await withTaskCancellationHandler {
                    try? await Gate().wait()  // never opened: waits until cancelled
                } onCancel: {
                    outcomes.append("fork saw the cancellation")
                }
            }
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Increment())
        subscription.unsubscribe(cancelActive: true)
        #expect(await outcomes.wait(forCount: 2) == ["fork ran", "fork saw the cancellation"])
        #expect(await ListenerTestSupport.effectsEnd(in: store))
    }

    /// The same on the main actor, with the effect awaiting its fork: the fork
    /// begins once the effect suspends, sees the cancellation at once, and the
    /// effect learns it was cancelled.
    @Test @MainActor func onTheMainActorAForkOfAListenerRemovedAtOnceReportsItsCancellation() async {
        let listeners = ListenerMiddleware<Int>()
        let outcomes = Recorder<String>()
        let subscription = listeners.addListener(for: Increment.self) { _, context in
            let fork = context.fork {
                outcomes.append("fork ran, cancelled: \(Task.isCancelled)")
                try await context.delay(.seconds(1))  // throws at once: the fork is cancelled
                outcomes.append("fork's delay ended")
            }
            let result = await fork.result
            outcomes.append("fork cancelled: \((try? result.get()) == nil)")
        }
        let store = createStore(counterReducer, 0, applyMiddleware(listeners.middleware()))
        store.dispatch(Increment())
        subscription.unsubscribe(cancelActive: true)
        #expect(await store.waitForEffects(timeout: .seconds(1), clock: TestClock()))  // a clock no one moves
        #expect(outcomes.values == ["fork ran, cancelled: true", "fork cancelled: true"])
    }

    /// RTK's "does not run an executor if the task is synchronously
    /// cancelled": a fork its own handle cancelled before it began never runs.
    @Test @MainActor func aForkCancelledByItsHandleBeforeItBeganNeverRuns() async {
        let listeners = ListenerMiddleware<Int>()
        let outcomes = Recorder<String>()
        listeners.addListener(for: Increment.self) { _, context in
            let fork = context.fork { outcomes.append("fork ran") }
            fork.cancel()
            let result = await fork.result
            outcomes.append("fork cancelled: \((try? result.get()) == nil)")
        }
        let store = createStore(counterReducer, 0, applyMiddleware(listeners.middleware()))
        store.dispatch(Increment())
        #expect(await store.waitForEffects(timeout: .seconds(1), clock: TestClock()))
        #expect(outcomes.values == ["fork cancelled: true"])
    }
}
