import Observation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// An ``ObservableStore`` over a ``SharedStore``: states dispatched on other
/// threads reach the readers on the main actor, field by field, newest first;
/// the model's own dispatches show at once.
@MainActor
@Suite("Observable store: shared store", .hangSafetyNet)
struct ObservableSharedStoreTests {
    static func makeShared() -> SharedStore<ScreenState> {
        SharedStore(createStore(screenReducer, ScreenState()))
    }

    @Test func backgroundDispatchesReachTheReaderOnTheMainActor() async {
        let shared = Self.makeShared()
        let model = ObservableStore(shared)
        let count = TrackedReader { model.count }
        let query = TrackedReader { model.query }
        let dispatches = 1_000
        Task.detached {
            for _ in 0..<dispatches { shared.dispatch(ScreenAction.increment) }
        }
        // Every `onChange` checks it runs on the main actor (TrackedReader).
        while model.count < dispatches {
            await count.waitForChange()
            count.track()
        }
        #expect(model.count == dispatches)
        #expect(query.count == 0)
        // Coalesced: at most once per state, and at least once.
        #expect(count.count >= 1 && count.count <= dispatches)
    }

    @Test func aFieldAnotherThreadDoesNotChangeIsNeverInvalidated() async {
        let shared = Self.makeShared()
        let model = ObservableStore(shared)
        let query = TrackedReader { model.query }
        let count = TrackedReader { model.count }
        await onThreadsInBackground(2) { _ in
            for _ in 0..<500 { shared.dispatch(ScreenAction.increment) }
        }
        // The query is changed last, so once its reader hears of it every increment has arrived.
        shared.dispatch(ScreenAction.setQuery("done"))
        await query.waitForChange()
        #expect(query.count == 1)
        #expect(model.query == "done")
        #expect(model.count == 1_000)
        #expect(count.count == 1)
    }

    @Test func theModelsOwnDispatchShowsAtOnce() {
        let shared = Self.makeShared()
        let model = ObservableStore(shared)
        let count = TrackedReader { model.count }
        model.dispatch(ScreenAction.increment)
        #expect(model.count == 1)
        #expect(count.count == 1)
        model.dispatch(ScreenAction.setQuery("sent"))
        #expect(model.query == "sent")
    }

    @Test func aDeliveryOlderThanWhatTheModelShowsIsIgnored() {
        let shared = Self.makeShared()
        let model = ObservableStore(shared)
        // Its own dispatch shows state number 1 at once; the same state, or an
        // older one, arriving later by the main-actor delivery changes nothing.
        model.dispatch(ScreenAction.setCount(5))
        let count = TrackedReader { model.count }
        let applied = model.statesApplied
        model.receive(ScreenState(), number: 1)
        model.receive(ScreenState(), number: 0)
        #expect(model.count == 5)
        #expect(count.count == 0)
        #expect(model.statesApplied == applied)
        var newer = ScreenState()
        newer.count = 6
        model.receive(newer, number: 2)
        #expect(model.count == 6)
        #expect(count.count == 1)
    }

    @Test func statesRacingTheModelsOwnDispatchNeverTakeItBack() async {
        let shared = Self.makeShared()
        let model = ObservableStore(shared)
        // Another thread dispatches while the main actor is held here, so its
        // states wait for the main actor while the model's own dispatch shows a newer one.
        _ = result { for _ in 0..<100 { shared.dispatch(ScreenAction.increment) } }
        model.dispatch(ScreenAction.increment)
        #expect(model.count == 101)
        let count = TrackedReader { model.count }
        let query = TrackedReader { model.query }
        shared.dispatch(ScreenAction.setQuery("end"))
        // Deliveries arrive in order, so once the last one has, the older ones have too.
        await query.waitForChange()
        #expect(model.query == "end")
        #expect(count.count == 0)
        #expect(model.count == 101)
    }

    @Test func theModelStartsFromTheSharedStoresCurrentState() {
        let shared = Self.makeShared()
        shared.dispatch(ScreenAction.setCount(41))
        let model = ObservableStore(shared)
        #expect(model.count == 41)
    }
}
