import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// Redux Toolkit's effect-scenario tests of cancellation, ported (issue 20,
/// items 7 and 8): clearing the listeners cancels a run whose listener
/// unsubscribed itself, and its forks; a fork of a cancelled run never runs.
@Suite("Listener cancellation (RTK scenarios)", .hangSafetyNet)
struct ListenerCancellationTests {
    typealias Search = ListenerTestSupport.Search

    enum Clearing: CaseIterable {
        case byMethod
        case byAction
    }

    static func clear(_ listeners: ListenerMiddleware<Int>, _ store: SharedStore<Int>, _ clearing: Clearing) {
        switch clearing {
        case .byMethod: listeners.clearListeners()
        case .byAction: store.dispatch(ClearAllListeners())
        }
    }

    /// RTK: "long-running listener with immediate unsubscribe is cancelable".
    @Test(arguments: Clearing.allCases)
    func aRunWhoseListenerUnsubscribedItselfIsCancelledWhenTheListenersAreCleared(clearing: Clearing) async {
        let listeners = ListenerMiddleware<Int>()
        let outcomes = Recorder<String>()
        listeners.addListener(for: Search.self) { _, context in
            context.unsubscribe()
            do {
                _ = try await context.condition { _ in false }
                outcomes.append("condition met")
            } catch {
                outcomes.append(error is CancellationError ? "cancelled" : "\(error)")
            }
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "a"))
        #expect(listeners.waiterCount == 1)
        Self.clear(listeners, store, clearing)
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(outcomes.values == ["cancelled"])
    }

    /// RTK: "long-running listener with unsubscribe race is cancelable": the
    /// listeners are cleared before the effect has reached its wait.
    @Test(arguments: Clearing.allCases)
    func aRunClearedBeforeItWaitsIsCancelledToo(clearing: Clearing) async {
        let listeners = ListenerMiddleware<Int>()
        let outcomes = Recorder<String>()
        let started = AsyncGate()
        let cleared = AsyncGate()
        listeners.addListener(for: Search.self) { _, context in
            context.unsubscribe()
            started.open()
            await cleared.wait()
            do {
                _ = try await context.condition { _ in false }
                outcomes.append("condition met")
            } catch {
                outcomes.append(error is CancellationError ? "cancelled" : "\(error)")
            }
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "a"))
        await started.wait()
        Self.clear(listeners, store, clearing)
        cleared.open()
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(outcomes.values == ["cancelled"])
    }

    /// RTK: "long-running listener with immediate unsubscribe and forked child is cancelable".
    @Test(arguments: Clearing.allCases)
    func aForkOfARunWhoseListenerUnsubscribedItselfIsCancelledWhenTheListenersAreCleared(clearing: Clearing) async {
        let listeners = ListenerMiddleware<Int>()
        let outcomes = Recorder<String>()
        let forkWaits = AsyncGate()
        listeners.addListener(for: Search.self) { _, context in
            context.unsubscribe()
            let fork = context.fork {
                forkWaits.open()
                try await Gate().wait()  // never opened: waits until cancelled
            }
            switch await fork.result {
            case .success: outcomes.append("fork ended")
            case .failure(let error): outcomes.append(error is CancellationError ? "fork cancelled" : "\(error)")
            }
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "a"))
        await forkWaits.wait()
        Self.clear(listeners, store, clearing)
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(outcomes.values == ["fork cancelled"])
    }

    /// Item 8, second half: a fork started from a run already cancelled never
    /// runs its body (RTK checks the parent's signal before the executor).
    @Test func aForkStartedFromACancelledRunNeverRunsItsBody() async {
        let listeners = ListenerMiddleware<Int>()
        let outcomes = Recorder<String>()
        let waiting = AsyncGate()
        let cleared = AsyncGate()
        let bodies = Counter()
        listeners.addListener(for: Search.self) { _, context in
            waiting.open()
            await cleared.wait()  // not a cancellation point: the run goes on, cancelled
            outcomes.append("run cancelled: \(context.isCancelled)")
            let fork = context.fork { bodies.increment() }
            if case .failure(let error) = await fork.result { outcomes.append("fork: \(error is CancellationError)") }
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Search(text: "a"))
        await waiting.wait()
        listeners.clearListeners()
        cleared.open()
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(outcomes.values == ["run cancelled: true", "fork: true"])
        #expect(bodies.count == 0)
    }
}
