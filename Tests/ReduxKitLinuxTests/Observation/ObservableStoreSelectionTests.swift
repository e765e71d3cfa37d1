import Observation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// `model[select:]`: a memoized selector read through an ``ObservableStore``
/// tells its reader only when the selection changes, and recomputes only when
/// its inputs do.
@MainActor
@Suite("Observable store: memoized selections", .hangSafetyNet)
struct ObservableStoreSelectionTests {
    static func openTitles() -> MemoizedSelector<ScreenState, [String]> {
        createSelector({ (state: ScreenState) in state.todos }) { todos in
            todos.filter { !$0.done }.map(\.title)
        }
    }

    @Test func aReaderOfASelectionHearsOnlyWhenItChanges() {
        let model = ObservableStore(createStore(screenReducer, ScreenState()))
        let openTitles = Self.openTitles()
        let reader = TrackedReader { model[select: openTitles] }
        #expect(reader.lastRead == ["milk", "eggs"])
        #expect(openTitles.recomputations == 1)

        // Actions that leave the todos alone: no recomputation, no news.
        for _ in 0..<100 { model.dispatch(ScreenAction.increment) }
        model.dispatch(ScreenAction.rename("Grace"))
        #expect(reader.count == 0)
        #expect(openTitles.recomputations == 1)

        model.dispatch(ScreenAction.toggle(0))
        #expect(reader.count == 1)
        reader.track()
        #expect(reader.lastRead == ["eggs"])
        #expect(openTitles.recomputations == 2)
    }

    @Test func aChangedInputWithTheSameSelectionTellsNoOne() {
        let model = ObservableStore(createStore(screenReducer, ScreenState()))
        let tens = createSelector({ (state: ScreenState) in state.count }) { $0 / 10 }
        let reader = TrackedReader { model[select: tens] }
        // Each increment changes the input (a recomputation), not the tens.
        for _ in 0..<9 { model.dispatch(ScreenAction.increment) }
        #expect(reader.count == 0)
        #expect(tens.recomputations == 10)
        model.dispatch(ScreenAction.increment)
        #expect(reader.count == 1)
        #expect(model[select: tens] == 1)
    }

    @Test func twoSelectorsAreTrackedApart() {
        let model = ObservableStore(createStore(screenReducer, ScreenState()))
        let openTitles = Self.openTitles()
        let doubled = createSelector({ (state: ScreenState) in state.count }) { $0 * 2 }
        let titles = TrackedReader { model[select: openTitles] }
        let count = TrackedReader { model[select: doubled] }
        #expect(model.trackedFieldCount == 2)
        model.dispatch(ScreenAction.increment)
        #expect(titles.count == 0)
        #expect(count.count == 1)
        model.dispatch(ScreenAction.toggle(1))
        #expect(titles.count == 1)
        #expect(count.count == 1)
    }
}
