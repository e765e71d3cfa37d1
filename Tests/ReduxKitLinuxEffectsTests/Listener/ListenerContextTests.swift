import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// What an effect does through its context, waiting aside (see
/// `ListenerWaitingTests`): control over its own run and listener, its
/// dependencies, a typed `dispatch(_:)` for async thunks, and the middleware's `onError`.
@Suite("Listener context", .hangSafetyNet)
struct ListenerContextTests {
    typealias Search = ListenerTestSupport.Search
    struct Shout: Error {}

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
        #expect(waiting.count == 2)  // both runs reached their gate inside their dispatch
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
        #expect(listeners.waiterCount == 1)
        #expect(subscription.disposed)
        store.dispatch(Search(text: "ignored"))
        store.dispatch(Increment())
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(!subscription.disposed)
        store.dispatch(Search(text: "c"))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["a", "c"])
    }

    enum Greeting: EffectDependencyKey {
        static let defaultValue = "hello"
    }

    @Test func theDependenciesReachEveryEffect() async {
        var dependencies = EffectDependencies()
        dependencies[Greeting.self] = "hi from the test"
        let listeners = ListenerMiddleware<Int>(dependencies: dependencies)
        let seen = Recorder<String>()
        listeners.addListener(for: Increment.self) { _, context in
            seen.append("\(context.dependencies[Greeting.self])")
            seen.append("original \(context.getOriginalState()), now \(try await context.getState())")
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Increment(by: 4))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["hi from the test", "original 0, now 4"])
    }

    @Test func dispatchingAnAsyncThunkReturnsTheTypedHandle() async {
        let shout = AsyncThunk<Int, String, String>("shout") { text, _ in text.uppercased() }
        let listeners = ListenerMiddleware<Int>()
        let seen = Recorder<String>()
        listeners.addListener(for: Search.self) { search, context in
            guard let handle = await context.dispatch(shout(search.text)) else { return }
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
