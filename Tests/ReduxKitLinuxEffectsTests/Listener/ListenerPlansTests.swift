import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// The per-type plans the listener middleware keeps (ListenerPlans): they follow
/// every change of the listeners, and a `for:` listener still matches subclasses.
@Suite("Listener plans", .hangSafetyNet)
struct ListenerPlansTests {
    struct Ping: Action {}
    /// Stateless, so `@unchecked` claims nothing that could race.
    class Base: Action, @unchecked Sendable {}
    final class Derived: Base, @unchecked Sendable {}

    static func makeShared(_ listeners: ListenerMiddleware<Int>) -> SharedStore<Int> {
        SharedStore(createStore(counterReducer, 0, applyMiddleware(listeners.middleware())))
    }

    @Test func aListenerAddedAfterItsTypeWasDispatchedRunsForTheNextOne() async {
        let listeners = ListenerMiddleware<Int>()
        let shared = Self.makeShared(listeners)
        let runs = Counter()
        shared.dispatch(Ping())  // the plan for Ping: no listener
        let subscription = listeners.addListener(for: Ping.self) { _, _ in runs.increment() }
        shared.dispatch(Ping())
        await shared.waitForEffects()
        #expect(runs.count == 1)
        subscription.dispose()
        shared.dispatch(Ping())
        await shared.waitForEffects()
        #expect(runs.count == 1)
        _ = shared.dispatch(AddListener<Int>(for: Ping.self) { _, _ in runs.increment() })
        shared.dispatch(Ping())
        await shared.waitForEffects()
        #expect(runs.count == 2)
        shared.dispatch(ClearAllListeners())
        shared.dispatch(Ping())
        await shared.waitForEffects()
        #expect(runs.count == 2)
    }

    @Test func aListenerForAClassHearsItsSubclassesAndNotOtherTypes() async {
        let listeners = ListenerMiddleware<Int>()
        let shared = Self.makeShared(listeners)
        let heard = Recorder<String>()
        listeners.addListener(for: Base.self) { action, _ in heard.append(String(describing: type(of: action))) }
        shared.dispatch(Ping())
        shared.dispatch(Derived())
        shared.dispatch(Base())
        shared.dispatch(Derived())
        await shared.waitForEffects()
        #expect(heard.values.sorted() == ["Base", "Derived", "Derived"])
    }

    @Test func matchingListenersAreAskedAtEveryDispatch() async {
        let listeners = ListenerMiddleware<Int>()
        let shared = Self.makeShared(listeners)
        let runs = Counter()
        let open = Flag()
        listeners.addListener(matching: { $0 is Ping && open.isSet }) { _, _ in runs.increment() }
        shared.dispatch(Ping())
        open.set()
        shared.dispatch(Ping())
        await shared.waitForEffects()
        #expect(runs.count == 1)
    }
}
