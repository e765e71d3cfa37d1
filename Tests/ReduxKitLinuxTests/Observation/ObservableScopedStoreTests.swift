import Observation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// An ``ObservableStore`` over a scoped store follows only its slice: changes
/// elsewhere in the parent reach neither its readers nor the model.
@MainActor
@Suite("Observable store: scoped stores", .hangSafetyNet)
struct ObservableScopedStoreTests {
    @Test func aScopedModelHearsOnlyOfItsSlice() {
        let store = createStore(screenReducer, ScreenState())
        let user = ObservableStore(store.view(value: { $0.user }))
        let name = TrackedReader { user.name }
        let age = TrackedReader { user.age }
        store.dispatch(ScreenAction.increment)
        store.dispatch(ScreenAction.setQuery("q"))
        #expect(user.statesApplied == 0)
        #expect(name.count == 0)
        store.dispatch(ScreenAction.birthday)
        #expect(user.statesApplied == 1)
        #expect(name.count == 0)
        #expect(age.count == 1)
        #expect(user.age == 37)
    }

    @Test func aScopedModelDispatchesThroughItsScope() {
        enum UserAction: Action { case rename(String) }
        let store = createStore(screenReducer, ScreenState())
        let user = ObservableStore(
            store.view(
                value: { $0.user },
                action: { (action: UserAction) -> any Action in
                    switch action {
                    case .rename(let name): ScreenAction.rename(name)
                    }
                }))
        let name = TrackedReader { user.name }
        user.dispatch(UserAction.rename("Grace"))
        #expect(name.count == 1)
        #expect(store.state.user.name == "Grace")
    }

    @Test func aModelOfAScopedSharedStoreHearsOnlyOfItsSlice() async {
        let shared = SharedStore(createStore(screenReducer, ScreenState()))
        let todos = ObservableStore(shared.view(value: { $0.todos }))
        let first = TrackedReader { todos[\.[0].done] }
        let count = TrackedReader { todos.count }
        await onThreadsInBackground(1) { _ in
            for _ in 0..<100 { shared.dispatch(ScreenAction.increment) }
            shared.dispatch(ScreenAction.toggle(0))
        }
        await first.waitForChange()
        #expect(todos[\.[0].done])
        #expect(count.count == 0)
        #expect(todos.statesApplied == 1)
    }
}
