import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// Listeners added and removed through the store (RTK's `addListener`,
/// `removeListener` and `clearAllListeners` actions), predicates that see the
/// states, and removal that cancels the runs going on.
@Suite("Listener actions", .hangSafetyNet)
struct ListenerActionsTests {
    typealias Search = ListenerTestSupport.Search

    /// A listener on `Search` whose runs wait until cancelled, and report it.
    static func waitingListener(_ outcomes: Recorder<String>, started: Counter) -> AddListener<Int> {
        AddListener(for: Search.self) { search, _ in
            started.increment()
            do {
                try await Gate().wait()  // never opened: waits until cancelled
            } catch {
                outcomes.append("\(search.text) cancelled")
            }
        }
    }

    @Test func addListenerReturnsItsSubscriptionAndGoesNoFurther() async {
        let listeners = ListenerMiddleware<Int>()
        let seen = Recorder<String>()
        let log = Recorder<String>()
        let store = ListenerTestSupport.store(listeners, log: log)
        let subscription = store.dispatch(AddListener<Int>(for: Search.self) { search, _ in seen.append(search.text) })
        #expect(subscription?.disposed == false)
        store.dispatch(Search(text: "a"))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["a"])
        #expect(log.values == ["Search"])
        if let subscription { store.dispatch(RemoveListener(subscription)) }
        #expect(subscription?.disposed == true)
        store.dispatch(Search(text: "b"))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["a"])
        #expect(log.values == ["Search", "Search"])
    }

    @Test func removeListenerWithCancelActiveCancelsTheRunsGoingOn() async {
        let listeners = ListenerMiddleware<Int>()
        let outcomes = Recorder<String>()
        let started = Counter()
        let store = ListenerTestSupport.store(listeners)
        let subscription = store.dispatch(Self.waitingListener(outcomes, started: started))
        store.dispatch(Search(text: "a"))
        #expect(started.count == 1)  // started inside the dispatch
        if let subscription { store.dispatch(RemoveListener(subscription)) }
        #expect(store.runningEffectCount == 1)  // without cancelActive, the run goes on
        let again = store.dispatch(Self.waitingListener(outcomes, started: started))
        store.dispatch(Search(text: "b"))
        #expect(started.count == 2)
        if let again { store.dispatch(RemoveListener(again, cancelActive: true)) }
        #expect(await outcomes.wait(forCount: 1) == ["b cancelled"])
        #expect(store.runningEffectCount == 1)  // "a", of the first listener
    }

    @Test func clearAllListenersCancelsTheirRunsUnlessToldNot() async {
        let listeners = ListenerMiddleware<Int>()
        let outcomes = Recorder<String>()
        let started = Counter()
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Self.waitingListener(outcomes, started: started))
        store.dispatch(Search(text: "a"))
        #expect(started.count == 1)  // started inside the dispatch
        store.dispatch(ClearAllListeners(cancelActive: false))
        #expect(store.runningEffectCount == 1)
        store.dispatch(Self.waitingListener(outcomes, started: started))
        store.dispatch(Search(text: "b"))  // only the new listener runs
        #expect(started.count == 2)
        store.dispatch(ClearAllListeners())
        // As RTK's clearListeners(): every run going on is cancelled, "a" too,
        // though its listener was cleared before without cancelActive.
        #expect(await outcomes.wait(forCount: 2).sorted() == ["a cancelled", "b cancelled"])
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        store.dispatch(Search(text: "c"))
        #expect(store.runningEffectCount == 0)
    }

    @Test func theSubscriptionCanCancelTheRunsAndClearListenersTheRest() async {
        let listeners = ListenerMiddleware<Int>()
        let outcomes = Recorder<String>()
        let started = Counter()
        let store = ListenerTestSupport.store(listeners)
        let first = listeners.addListener(for: Search.self) { search, _ in
            started.increment()
            do { try await Gate().wait() } catch { outcomes.append("first \(search.text) cancelled") }
        }
        listeners.addListener(for: Search.self) { search, _ in
            started.increment()
            do { try await Gate().wait() } catch { outcomes.append("second \(search.text) cancelled") }
        }
        store.dispatch(Search(text: "a"))
        #expect(started.count == 2)
        first.unsubscribe(cancelActive: true)
        #expect(await outcomes.wait(forCount: 1) == ["first a cancelled"])
        #expect(first.disposed)
        listeners.clearListeners()
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(outcomes.values == ["first a cancelled", "second a cancelled"])
    }

    @Test func aPredicateSeesTheStateAfterAndBefore() async {
        let listeners = ListenerMiddleware<Int>()
        let seen = Recorder<String>()
        listeners.addListener(predicate: { action, current, original in action is Increment && current >= 3 }) {
            action, context in
            seen.append("\(action.type) \(context.stateBefore) -> \(context.stateAfter)")
        }
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(Increment(by: 1))  // 0 -> 1
        store.dispatch(Increment(by: 2))  // 1 -> 3
        store.dispatch(Decrement(by: 1))  // 3 -> 2
        store.dispatch(SetValue(value: 7))  // 2 -> 7, not an Increment
        store.dispatch(Increment(by: 1))  // 7 -> 8
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(Set(seen.values) == ["Increment 1 -> 3", "Increment 7 -> 8"])
    }

    @Test func aStatePredicateCanWatchForAChange() async {
        let listeners = ListenerMiddleware<Int>()
        let seen = Recorder<String>()
        let store = ListenerTestSupport.store(listeners)
        store.dispatch(
            AddListener<Int>(
                named: "crossed ten", predicate: { _, current, original in original < 10 && current >= 10 }
            ) {
                action, _ in seen.append(action.type)
            })
        store.dispatch(Increment(by: 9))
        store.dispatch(SetValue(value: 12))
        store.dispatch(Increment(by: 5))
        #expect(await ListenerTestSupport.effectsEnd(in: store))
        #expect(seen.values == ["SetValue"])
    }
}
