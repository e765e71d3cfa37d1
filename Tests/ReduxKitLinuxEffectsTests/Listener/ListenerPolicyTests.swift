import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// The scheduling policies: `.leading` ignores actions while a run goes on,
/// `.debounce` runs the last action of a quiet burst, `.throttle` runs at most
/// once per window; the timed ones on a manual clock.
@Suite("Listener policies", .hangSafetyNet)
struct ListenerPolicyTests {
    typealias Search = ListenerTestSupport.Search

    @Test func leadingIgnoresActionsWhileARunGoesOn() async {
        let listeners = ListenerMiddleware<Int>()
        let gate = AsyncGate()
        let seen = Recorder<String>()
        listeners.addListener(for: Search.self, policy: .leading) { search, _ in
            seen.append(search.text)
            if search.text == "a" { await gate.wait() }
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "a"))
        store.dispatch(Search(text: "b"))  // "a" is running: ignored
        #expect(store.runningEffectCount == 1)
        gate.open()
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        store.dispatch(Search(text: "c"))  // nothing runs: starts
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["a", "c"])
    }

    @Test func leadingSchedulesEachStoreApart() async {
        let listeners = ListenerMiddleware<Int>()
        let gate = AsyncGate()
        let runs = Counter()
        listeners.addListener(for: Search.self, policy: .leading) { _, _ in
            runs.increment()
            await gate.wait()
        }
        let first = ListenerTestSupport.store(listeners)
        let second = ListenerTestSupport.store(listeners)
        first.dispatch(Search(text: "a"))
        second.dispatch(Search(text: "a"))
        #expect(first.runningEffectCount == 1)
        #expect(second.runningEffectCount == 1)
        gate.open()
        #expect(await ListenerTestSupport.effectsEnd(in: first))
        #expect(await ListenerTestSupport.effectsEnd(in: second))
        #expect(runs.count == 2)
    }

    @Test func debounceRunsTheLastActionOnceTheBurstIsQuiet() async {
        let clock = TestClock()
        let listeners = ListenerMiddleware<Int>(dependencies: ListenerTestSupport.dependencies(clock))
        let seen = Recorder<String>()
        listeners.addListener(for: Search.self, policy: .debounce(.milliseconds(300))) { search, context in
            seen.append("\(search.text) at \(clock.now.offset), state \(context.stateAfter)")
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "a"))
        #expect(clock.sleeping == 1)  // the quiet period began inside the dispatch
        await clock.advance(by: .milliseconds(200))
        store.dispatch(Increment())
        store.dispatch(Search(text: "ab"))  // cancels the waiting "a"; waits 300 ms from now
        #expect(clock.sleepCalls == 2 && clock.sleeping == 1)
        await clock.advance(by: .milliseconds(200))  // 400 ms: "a" would have run at 300
        #expect(clock.sleeping == 1)
        await clock.advance(by: .milliseconds(100))  // 500 ms: quiet for 300 since "ab"
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["ab at 0.5 seconds, state 1"])
    }

    @Test func debounceCancelsARunAlreadyInItsEffect() async {
        let clock = TestClock()
        let listeners = ListenerMiddleware<Int>(dependencies: ListenerTestSupport.dependencies(clock))
        let outcomes = Recorder<String>()
        let started = Recorder<String>()
        listeners.addListener(for: Search.self, policy: .debounce(.seconds(1))) { search, _ in
            started.append(search.text)
            do {
                try await Gate().wait()  // never opened: waits until cancelled
            } catch {
                outcomes.append("cancelled \(search.text)")
                throw error
            }
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "a"))
        #expect(clock.sleeping == 1)
        // The woken effect waits on a gate only a cancellation ends (outside the
        // store and the clock): the advance runs beside the dispatch that cancels it.
        async let advancedToA: Void = clock.advance(by: .seconds(1))
        #expect(await started.wait(forCount: 1) == ["a"])
        store.dispatch(Search(text: "b"))
        #expect(await outcomes.wait(forCount: 1) == ["cancelled a"])
        await advancedToA
        #expect(clock.sleeping == 1)  // "b"'s quiet period, begun inside its dispatch
        async let advancedToB: Void = clock.advance(by: .seconds(1))
        #expect(await started.wait(forCount: 2) == ["a", "b"])
        store.dispatch(Search(text: "c"))  // cancels "b" in its effect; "c" waits on the clock
        #expect(await outcomes.wait(forCount: 2) == ["cancelled a", "cancelled b"])
        await advancedToB
        #expect(started.count == 2)
    }

    @Test func throttleRunsAtMostOncePerWindowOnTheLeadingEdge() async {
        let clock = TestClock()
        let listeners = ListenerMiddleware<Int>(dependencies: ListenerTestSupport.dependencies(clock))
        let seen = Recorder<String>()
        listeners.addListener(for: Search.self, policy: .throttle(.seconds(1))) { search, _ in
            seen.append(search.text)
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "a"))  // runs; window until 1 s
        store.dispatch(Search(text: "b"))  // dropped
        await clock.advance(by: .milliseconds(999))
        store.dispatch(Search(text: "c"))  // dropped: still inside the window
        await clock.advance(by: .milliseconds(1))
        store.dispatch(Search(text: "d"))  // runs; window until 2 s
        store.dispatch(Search(text: "e"))  // dropped
        await clock.advance(by: .seconds(5))  // no trailing run when a window closes
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(Set(seen.values) == ["a", "d"])
        #expect(seen.count == 2)
    }
}
