import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// Waiting inside an effect: `take` and `condition` (timeouts on the manual
/// clock), and `delay` and `pause`, which respect cancellation.
@Suite("Listener waiting", .hangSafetyNet)
struct ListenerWaitingTests {
    typealias Search = ListenerTestSupport.Search

    @Test func takeWaitsForTheNextMatchingActionWithTheStates() async {
        let listeners = ListenerMiddleware<Int>()
        let seen = Recorder<String>()
        listeners.addListener(for: Search.self) { _, context in
            guard let taken = try await context.take({ action, _, _ in action is Increment }) else { return }
            seen.append("\(taken.action.type) \(taken.originalState) -> \(taken.currentState)")
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Increment())  // before the run: not seen
        store.dispatch(Search(text: "a"))
        #expect(listeners.waiterCount == 1)  // the effect reached its take inside the dispatch
        store.dispatch(Decrement())
        store.dispatch(Increment(by: 5))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["Increment 0 -> 5"])
        #expect(listeners.waiterCount == 0)
    }

    @Test func typedTakeFiltersByTypeAndPredicate() async {
        let listeners = ListenerMiddleware<Int>()
        let seen = Recorder<Int>()
        listeners.addListener(for: Search.self) { _, context in
            let taken = try await context.take(Increment.self, where: { action, _, _ in action.by > 1 })
            seen.append(taken?.action.by ?? -1)
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "a"))
        #expect(listeners.waiterCount == 1)
        store.dispatch(Increment(by: 1))
        store.dispatch(Increment(by: 2))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == [2])
    }

    @Test func takeReturnsNilWhenItsTimeoutPassesOnTheClock() async {
        let clock = TestClock()
        let listeners = ListenerMiddleware<Int>(dependencies: ListenerTestSupport.dependencies(clock))
        let seen = Recorder<String>()
        listeners.addListener(for: Search.self) { _, context in
            let taken = try await context.take({ action, _, _ in action is Decrement }, timeout: .seconds(2))
            seen.append(taken == nil ? "timed out" : "taken")
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "a"))
        #expect(clock.sleeping == 1 && listeners.waiterCount == 1)
        await clock.advance(by: .seconds(2))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["timed out"])
        #expect(listeners.waiterCount == 0)
        store.dispatch(Search(text: "b"))
        #expect(clock.sleeping == 1 && listeners.waiterCount == 1)
        store.dispatch(Decrement())
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["timed out", "taken"])
    }

    @Test func takeThrowsWhenItsRunIsCancelled() async {
        let listeners = ListenerMiddleware<Int>()
        let outcomes = Recorder<String>()
        listeners.addListener(for: Search.self, policy: .latest) { search, context in
            guard search.text == "a" else { return }
            do {
                _ = try await context.take({ _, _, _ in false })
            } catch {
                outcomes.append("\(search.text): \(error is CancellationError)")
                throw error
            }
        }
        let log = Recorder<String>()
        let store = ListenerTestSupport.store(listeners, log: log)
        store.dispatch(Search(text: "a"))
        #expect(listeners.waiterCount == 1)
        store.dispatch(Search(text: "b"))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(outcomes.values == ["a: true"])
        #expect(listeners.waiterCount == 0)
        #expect(!log.values.contains("ListenerFailed"))
    }

    @Test func conditionHoldsAtOnceWaitsForAStateOrTimesOut() async {
        let clock = TestClock()
        let listeners = ListenerMiddleware<Int>(dependencies: ListenerTestSupport.dependencies(clock))
        let seen = Recorder<String>()
        listeners.addListener(for: Search.self) { search, context in
            let held = try await context.condition({ $0 >= 3 }, timeout: .seconds(1))
            seen.append("\(search.text) \(held)")
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "waits"))
        #expect(clock.sleeping == 1)
        store.dispatch(Increment(by: 2))  // 2: not yet
        store.dispatch(Increment(by: 1))  // 3: holds
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        store.dispatch(Search(text: "at once"))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        store.dispatch(SetValue(value: 0))
        store.dispatch(Search(text: "times out"))
        #expect(clock.sleeping == 1)
        store.dispatch(Increment())
        await clock.advance(by: .seconds(1))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["waits true", "at once true", "times out false"])
    }

    @Test func delayWaitsOnTheClockAndThrowsWhenCancelled() async {
        let clock = TestClock()
        let listeners = ListenerMiddleware<Int>(dependencies: ListenerTestSupport.dependencies(clock))
        let outcomes = Recorder<String>()
        listeners.addListener(for: Search.self, policy: .latest) { search, context in
            do {
                try await context.delay(.seconds(1))
                outcomes.append("\(search.text) after \(clock.now.offset)")
            } catch {
                outcomes.append("\(search.text) cancelled")
            }
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "a"))
        #expect(clock.sleeping == 1)
        store.dispatch(Search(text: "b"))
        #expect(await outcomes.wait(forCount: 1) == ["a cancelled"])
        #expect(clock.sleeping == 1)  // b's: a's was cancelled
        await clock.advance(by: .seconds(1))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(outcomes.values == ["a cancelled", "b after 1.0 seconds"])
    }

    /// The paused operation never returns until the end of the test: the
    /// cancelled run goes on without it.
    @Test func pauseThrowsWhenCancelledWithoutWaitingForTheOperation() async {
        let listeners = ListenerMiddleware<Int>()
        let gate = AsyncGate()
        let outcomes = Recorder<String>()
        listeners.addListener(for: Search.self, policy: .latest) { search, context in
            do {
                let value = try await context.pause {
                    if search.text == "a" { await gate.wait() }  // ignores cancellation
                    return search.text.uppercased()
                }
                outcomes.append("\(search.text) paused for \(value)")
            } catch {
                outcomes.append("\(search.text) cancelled: \(error is CancellationError)")
            }
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "a"))
        #expect(store.runningEffectCount == 2)  // the run and its operation
        store.dispatch(Search(text: "b"))
        _ = await outcomes.wait(forCount: 2)
        #expect(Set(outcomes.values) == ["a cancelled: true", "b paused for B"])
        gate.open()
        #expect(await ListenerTestSupport.effectsEnd(in: store))
    }

    /// The same waiting on the other route back: a store on the main actor.
    @Test @MainActor func onTheMainActorADebouncedEffectTakesTheNextAction() async {
        let clock = TestClock()
        let listeners = ListenerMiddleware<Int>(dependencies: ListenerTestSupport.dependencies(clock))
        let seen = Recorder<String>()
        listeners.addListener(for: Search.self, policy: .debounce(.seconds(1))) { search, context in
            let taken = try await context.take(Increment.self)
            seen.append("\(search.text) took \(taken?.action.by ?? 0), state \(try await context.getState())")
        }
        let store = createStore(counterReducer, 0, applyMiddleware(listeners.middleware()))
        store.dispatch(Search(text: "a"))
        #expect(clock.sleeping == 1)
        await clock.advance(by: .seconds(1))
        await listeners.waitForWaiters()  // woken, the effect goes on to its take
        store.dispatch(Increment(by: 3))
        _ = await seen.wait(forCount: 1)
        #expect(seen.values == ["a took 3, state 3"])
    }
}
