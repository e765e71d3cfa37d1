import Testing

@_spi(Testing) @testable import ReduxKitLinux

/// What an effect does through its context: wait for actions and states
/// (`take`, `condition`, timeouts on the manual clock), `delay` and `pause`
/// that respect cancellation, control over its own run and listener, its
/// dependencies, and a typed `dispatch(thunk:)`.
@Suite("Listener context", .timeLimit(.minutes(1)))
struct ListenerContextTests {
    typealias Search = ListenerTestSupport.Search
    struct Shout: Error {}

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
        #expect(await eventually { listeners.waiterCount == 1 })
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
        #expect(await eventually { listeners.waiterCount == 1 })
        store.dispatch(Increment(by: 1))
        store.dispatch(Increment(by: 2))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == [2])
    }

    @Test func takeReturnsNilWhenItsTimeoutPassesOnTheClock() async {
        let clock = ManualClock()
        let listeners = ListenerMiddleware<Int>(dependencies: ListenerTestSupport.dependencies(clock))
        let seen = Recorder<String>()
        listeners.addListener(for: Search.self) { _, context in
            let taken = try await context.take({ action, _, _ in action is Decrement }, timeout: .seconds(2))
            seen.append(taken == nil ? "timed out" : "taken")
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "a"))
        #expect(await eventually { clock.sleeping == 1 && listeners.waiterCount == 1 })
        clock.advance(by: .seconds(2))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["timed out"])
        #expect(listeners.waiterCount == 0)
        store.dispatch(Search(text: "b"))
        #expect(await eventually { clock.sleeping == 1 && listeners.waiterCount == 1 })
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
        #expect(await eventually { listeners.waiterCount == 1 })
        store.dispatch(Search(text: "b"))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(outcomes.values == ["a: true"])
        #expect(listeners.waiterCount == 0)
        #expect(!log.values.contains("ListenerFailed"))
    }

    @Test func conditionHoldsAtOnceWaitsForAStateOrTimesOut() async {
        let clock = ManualClock()
        let listeners = ListenerMiddleware<Int>(dependencies: ListenerTestSupport.dependencies(clock))
        let seen = Recorder<String>()
        listeners.addListener(for: Search.self) { search, context in
            let held = try await context.condition({ $0 >= 3 }, timeout: .seconds(1))
            seen.append("\(search.text) \(held)")
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "waits"))
        #expect(await eventually { clock.sleeping == 1 })
        store.dispatch(Increment(by: 2))  // 2: not yet
        store.dispatch(Increment(by: 1))  // 3: holds
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        store.dispatch(Search(text: "at once"))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        store.dispatch(SetValue(value: 0))
        store.dispatch(Search(text: "times out"))
        #expect(await eventually { clock.sleeping == 1 })
        store.dispatch(Increment())
        clock.advance(by: .seconds(1))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["waits true", "at once true", "times out false"])
    }

    @Test func delayWaitsOnTheClockAndThrowsWhenCancelled() async {
        let clock = ManualClock()
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
        #expect(await eventually { clock.sleeping == 1 })
        store.dispatch(Search(text: "b"))
        #expect(await eventually { outcomes.values == ["a cancelled"] && clock.sleeping == 1 })
        clock.advance(by: .seconds(1))
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
        #expect(await eventually { store.runningEffectCount == 2 })  // the run and its operation
        store.dispatch(Search(text: "b"))
        #expect(await eventually { outcomes.count == 2 })
        #expect(Set(outcomes.values) == ["a cancelled: true", "b paused for B"])
        gate.open()
        #expect(await ListenerTestSupport.effectsEnd(in: store))
    }

    @Test func anEffectCanCancelItselfAndSeesIt() async {
        let listeners = ListenerMiddleware<Int>()
        let seen = Recorder<String>()
        listeners.addListener(for: Search.self) { _, context in
            seen.append("before: \(context.isCancelled)")
            context.cancel()
            seen.append("after: \(context.isCancelled)")
            try context.checkCancellation()
            seen.append("not reached")
        }
        let log = Recorder<String>()
        let store = ListenerTestSupport.store(listeners, log: log)
        store.dispatch(Search(text: "a"))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["before: false", "after: true"])
        #expect(!log.values.contains("ListenerFailed"))
    }

    @Test func cancelActiveListenersCancelsTheListenersOtherRuns() async {
        let listeners = ListenerMiddleware<Int>()
        let outcomes = Recorder<String>()
        let waiting = Counter()
        listeners.addListener(for: Search.self) { search, context in
            if search.text == "stop" {
                context.cancelActiveListeners()
                outcomes.append("stop ran")
                return
            }
            waiting.increment()
            do {
                try await Gate().wait()  // never opened: waits until cancelled
            } catch {
                outcomes.append("\(search.text) cancelled")
            }
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "a"))
        store.dispatch(Search(text: "b"))
        #expect(await eventually { waiting.count == 2 })
        store.dispatch(Search(text: "stop"))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(Set(outcomes.values) == ["a cancelled", "b cancelled", "stop ran"])
    }

    /// RTK's "take leading" recipe: unsubscribe, wait, subscribe again.
    @Test func anEffectCanUnsubscribeAndSubscribeItsListener() async {
        let listeners = ListenerMiddleware<Int>()
        let seen = Recorder<String>()
        let subscription = listeners.addListener(for: Search.self) { search, context in
            seen.append(search.text)
            guard search.text == "a" else { return }
            context.unsubscribe()
            _ = try await context.take(Increment.self)
            context.subscribe()
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "a"))
        #expect(await eventually { listeners.waiterCount == 1 })
        #expect(subscription.disposed)
        store.dispatch(Search(text: "ignored"))
        store.dispatch(Increment())
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(!subscription.disposed)
        store.dispatch(Search(text: "c"))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["a", "c"])
    }

    enum Greeting: DependencyKey {
        static let defaultValue = "hello"
    }

    @Test func theDependenciesReachEveryEffectAsExtraToo() async {
        var dependencies = Dependencies()
        dependencies[Greeting.self] = "hi from the test"
        let listeners = ListenerMiddleware<Int>(dependencies: dependencies)
        let seen = Recorder<String>()
        listeners.addListener(for: Increment.self) { _, context in
            seen.append("\(context.dependencies[Greeting.self]), \(context.extra[Greeting.self])")
            seen.append("original \(context.getOriginalState()), now \(try await context.getState())")
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Increment(by: 4))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["hi from the test, hi from the test", "original 0, now 4"])
    }

    @Test func dispatchThunkReturnsTheTypedHandle() async {
        let shout = AsyncThunk<Int, String, String>("shout") { text, _ in text.uppercased() }
        let listeners = ListenerMiddleware<Int>()
        let seen = Recorder<String>()
        listeners.addListener(for: Search.self) { search, context in
            guard let handle = await context.dispatch(thunk: shout(search.text)) else { return }
            seen.append(try await handle.value)
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "quiet"))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["QUIET"])
    }

    @Test func onErrorGetsWhatAnEffectThrewBeforeTheFailureIsDispatched() async {
        let reported = Recorder<String>()
        let listeners = ListenerMiddleware<Int>(onError: { failure in
            reported.append("\(failure.listener) on \(failure.actionType): \(failure.error is Shout)")
        })
        listeners.addListener(for: Search.self) { _, _ in throw Shout() }
        let log = Recorder<String>()
        let store = ListenerTestSupport.store(listeners, log: log)
        store.dispatch(Search(text: "a"))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(reported.values == ["Search on Search: true"])
        #expect(log.values == ["Search", "ListenerFailed"])
    }
}
