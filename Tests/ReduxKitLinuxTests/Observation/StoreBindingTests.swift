import Observation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// ``ObservableStore/binding(_:send:)``: a field's value, and the action that
/// sets it, as a SwiftUI `Binding(get:set:)` wants them.
@MainActor
@Suite("Observable store: bindings", .hangSafetyNet)
struct StoreBindingTests {
    @Test func settingTheBindingDispatchesTheAction() {
        let model = ObservableStore(createStore(screenReducer, ScreenState()))
        let query = model.binding(\.query, send: { ScreenAction.setQuery($0) })
        #expect(query.get() == "")
        query.set("swift")
        #expect(model.query == "swift")
        query.value = "redux"
        #expect(query.value == "redux")
    }

    @Test func readingTheBindingTracksTheField() {
        let model = ObservableStore(createStore(screenReducer, ScreenState()))
        let query = model.binding(\.query, send: { ScreenAction.setQuery($0) })
        let reader = TrackedReader { query.value }
        model.dispatch(ScreenAction.increment)
        #expect(reader.count == 0)
        query.value = "a"
        #expect(reader.count == 1)
    }

    @Test func aBindingWorksOnASharedStoreAtOnce() {
        let model = ObservableStore(SharedStore(createStore(screenReducer, ScreenState())))
        let count = model.binding(\.count, send: { ScreenAction.setCount($0) })
        count.value = 7
        #expect(count.value == 7)
    }

    @Test func aBindingToAValueThatIsNotEquatableDispatchesToo() {
        let model = ObservableStore(createStore(screenReducer, ScreenState()))
        let badge = model.binding(\.badge, send: { _ in ScreenAction.raiseBadge })
        badge.value = ScreenBadge(level: 9)
        #expect(model.badge.level == 1)
    }
}
