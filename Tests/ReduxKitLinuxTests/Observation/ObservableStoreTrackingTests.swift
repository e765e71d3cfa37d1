import Observation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// Reads of an ``ObservableStore`` inside `withObservationTracking` register
/// the fields read, and only those: a dispatch that changes another field does
/// not invalidate the reader; one that changes the field does, once per change.
@MainActor
@Suite("Observable store: field-by-field tracking", .hangSafetyNet)
struct ObservableStoreTrackingTests {
    static func makeModel(_ state: ScreenState = ScreenState()) -> ObservableStore<ScreenState> {
        ObservableStore(createStore(screenReducer, state))
    }

    @Test func aReaderOfOneFieldHearsOnlyOfChangesToIt() {
        let model = Self.makeModel()
        let reader = TrackedReader { model.count }
        model.dispatch(ScreenAction.setQuery("a"))
        model.dispatch(ScreenAction.rename("Grace"))
        model.dispatch(ScreenAction.toggle(0))
        #expect(reader.count == 0)
        model.dispatch(ScreenAction.increment)
        #expect(reader.count == 1)
        #expect(model.count == 1)
    }

    @Test func aReaderHearsOfEachChangeExactlyOnce() {
        let model = Self.makeModel()
        let reader = TrackedReader { model.count }
        for expected in 1...5 {
            model.dispatch(ScreenAction.increment)
            model.dispatch(ScreenAction.setQuery("\(expected)"))
            #expect(reader.count == expected)
            reader.track()
            #expect(reader.lastRead == expected)
        }
        // Told once per change even when not tracking again in between.
        model.dispatch(ScreenAction.increment)
        model.dispatch(ScreenAction.increment)
        #expect(reader.count == 6)
    }

    @Test func settingAFieldToTheValueItHasTellsNoOne() {
        let model = Self.makeModel()
        let count = TrackedReader { model.count }
        let whole = TrackedReader { model.state }
        model.dispatch(ScreenAction.setCount(0))
        model.dispatch(ScreenAction.touch)
        #expect(count.count == 0)
        #expect(whole.count == 0)
    }

    @Test func manyReadersOfOneFieldAreEachToldOnce() {
        let model = Self.makeModel()
        let readers = (0..<3).map { _ in TrackedReader { model.count } }
        let other = TrackedReader { model.query }
        model.dispatch(ScreenAction.increment)
        #expect(readers.map(\.count) == [1, 1, 1])
        #expect(other.count == 0)
    }

    @Test func aNestedKeyPathTracksOnlyThatField() {
        let model = Self.makeModel()
        let name = TrackedReader { model[\.user.name] }
        let user = TrackedReader { model.user }
        model.dispatch(ScreenAction.birthday)
        #expect(name.count == 0)
        #expect(user.count == 1)
        user.track()
        model.dispatch(ScreenAction.rename("Grace"))
        #expect(name.count == 1)
        #expect(user.count == 2)
        #expect(model[\.user.name] == "Grace")
    }

    /// A key path through an array's index subscript is never applied to a
    /// new state (which could make it trap): its readers are told of every
    /// change. Other paths, computed ones too, are told of their own changes.
    @Test func aPathThroughAnArrayIndexIsToldOfEveryChangeAndOthersOfTheirOwn() {
        let model = Self.makeModel()
        let first = TrackedReader { model[\.todos[0].done] }
        let count = TrackedReader { model[\.todos.count] }
        let titles = TrackedReader { model.titles }
        let name = TrackedReader { model[\.user.name] }
        model.dispatch(ScreenAction.toggle(1))
        #expect([first.count, count.count, titles.count, name.count] == [1, 0, 0, 0])
        model.dispatch(ScreenAction.add("bread"))
        #expect([count.count, titles.count, name.count] == [1, 1, 0])
        #expect(model[\.todos.count] == 3)
        #expect(KeyPathSafety.cannotTrap(\ScreenState.user.name))
        #expect(KeyPathSafety.cannotTrap(\ScreenState.todos.count))
        #expect(KeyPathSafety.cannotTrap(\ScreenState.titles))
        #expect(!KeyPathSafety.cannotTrap(\ScreenState.todos[0].done))
        #expect(!KeyPathSafety.cannotTrap(\ScreenState.todos[0]))
        #expect(!KeyPathSafety.cannotTrap(\[[Int]].[0][1]))
        #expect(!KeyPathSafety.cannotTrap(\ContiguousArray<ScreenTodo>.[0].title))
        #expect(!KeyPathSafety.cannotTrap(\ArraySlice<ScreenTodo>.[0].title))
        #expect(!KeyPathSafety.cannotTrap(\ScreenTodo?.!.title))
    }

    /// Issue 20, item 11: `model[\.todos[3].done]`, then a dispatch that
    /// removes row 3, stopped the process ("Index out of range"), whether or
    /// not a reader still tracked the field.
    @Test func removingARowReadThroughASubscriptKeyPathIsSafe() {
        var state = ScreenState()
        state.todos = (0..<4).map { ScreenTodo(title: "row \($0)") }
        let model = Self.makeModel(state)
        let stillTracking = TrackedReader { model[\.todos[3].done] }
        let toldOnce = TrackedReader { model[\.todos[2].done] }
        model.dispatch(ScreenAction.toggle(2))  // tells both; only the first reads again
        stillTracking.track()
        #expect([stillTracking.count, toldOnce.count] == [1, 1])
        model.dispatch(ScreenAction.removeLast)  // row 3 is gone
        #expect(stillTracking.count == 2)
        model.dispatch(ScreenAction.removeLast)
        model.dispatch(ScreenAction.removeLast)
        #expect(model[\.todos.count] == 1)
        #expect(model.trackedFieldCount <= 1)
    }

    /// The rows of an array read by index stay precise and safe as rows go.
    @Test func rowsReadByIndexStayPreciseAsRowsGo() {
        var state = ScreenState()
        state.todos = (0..<4).map { ScreenTodo(title: "row \($0)") }
        let model = Self.makeModel(state)
        let first = TrackedReader { model[\.todos, 0, \.done] }
        let last = TrackedReader { model[\.todos, 3, \.done] }
        model.dispatch(ScreenAction.toggle(1))
        #expect([first.count, last.count] == [0, 0])
        model.dispatch(ScreenAction.removeLast)
        #expect([first.count, last.count] == [0, 1])
        model.dispatch(ScreenAction.removeLast)
        #expect([first.count, last.count] == [0, 1])
    }

    @Test func anArraysElementsReadByIndexAreTrackedApart() {
        let model = Self.makeModel()
        let firstDone = TrackedReader { model[\.todos, 0, \.done] }
        let secondDone = TrackedReader { model[\.todos, 1, \.done] }
        let secondTitle = TrackedReader { model[\.todos, 1, \.title] }
        let second = TrackedReader { model[\.todos, 1] }
        model.dispatch(ScreenAction.increment)
        model.dispatch(ScreenAction.add("bread"))
        #expect([firstDone.count, secondDone.count, secondTitle.count, second.count] == [0, 0, 0, 0])
        model.dispatch(ScreenAction.toggle(1))
        #expect([firstDone.count, secondDone.count, secondTitle.count, second.count] == [0, 1, 0, 1])
        #expect(model[\.todos, 1, \.done])
        #expect(model.trackedFieldCount == 4)
    }

    @Test func readersOfElementsThatGoAwayAreTold() {
        let model = Self.makeModel()
        let first = TrackedReader { model[\.todos, 0] }
        let second = TrackedReader { model[\.todos, 1] }
        model.dispatch(ScreenAction.removeLast)
        #expect(first.count == 0)
        #expect(second.count == 1)
    }

    @Test func theWholeStateIsToldOfAnyChange() {
        let model = Self.makeModel()
        let whole = TrackedReader { model.state }
        model.dispatch(ScreenAction.setQuery("q"))
        #expect(whole.count == 1)
        whole.track()
        model.dispatch(ScreenAction.toggle(0))
        #expect(whole.count == 2)
        #expect(model.state.todos[0].done)
    }

    @Test func aValueThatIsNotEquatableCountsAsChangedWhenItsBytesChange() {
        let model = Self.makeModel()
        let badge = TrackedReader { model.badge }
        model.dispatch(ScreenAction.increment)
        #expect(badge.count == 0)
        model.dispatch(ScreenAction.raiseBadge)
        #expect(badge.count == 1)
        #expect(model.badge.level == 1)
    }

    @Test func aValueThatIsNotEquatableAndNotInlineCountsAsChangedOnEveryNewState() {
        let model = Self.makeModel()
        // A closure-typed read through a computed property: no bytes, no `==`.
        let describe = TrackedReader { model[\.describeCount]() }
        model.dispatch(ScreenAction.setQuery("x"))
        #expect(describe.count == 1)
        describe.track()
        #expect(describe.lastRead == "count 0")
        // A dispatch that changes nothing at all leaves even it alone.
        model.dispatch(ScreenAction.touch)
        #expect(describe.count == 1)
    }

    @Test func theReaderIsToldBeforeTheValueChangesAndReadsTheNewOneAfter() {
        let model = Self.makeModel()
        let seenInOnChange = Recorder<Int>()
        withObservationTracking {
            _ = model.count
        } onChange: {
            MainActor.assumeIsolated { seenInOnChange.append(model.count) }
        }
        model.dispatch(ScreenAction.increment)
        // `onChange` comes before the change (Observation's willSet), as for an `@Observable` class.
        #expect(seenInOnChange.values == [0])
        #expect(model.count == 1)
    }

    @Test func aDispatchFromOnChangeIsAppliedAfterTheOneUnderWay() {
        let model = Self.makeModel()
        withObservationTracking {
            _ = model.count
        } onChange: {
            MainActor.assumeIsolated { _ = model.dispatch(ScreenAction.setQuery("from onChange")) }
        }
        let query = TrackedReader { model.query }
        model.dispatch(ScreenAction.increment)
        #expect(model.count == 1)
        #expect(model.query == "from onChange")
        #expect(query.count == 1)
        #expect(model.statesApplied == 2)
    }

    /// An element read by index is found again by the identity of its key
    /// path objects; once dropped, reading it again tracks it afresh.
    @Test func anElementNoOneReadsAgainIsDroppedAndTrackedAfreshWhenReadAgain() {
        let model = Self.makeModel()
        let reader = TrackedReader { model[\.todos, 0, \.done] }
        let second = TrackedReader { model[\.todos, 0, \.done] }  // found again: still one field
        #expect(model.trackedFieldCount == 1)
        model.dispatch(ScreenAction.toggle(0))
        #expect([reader.count, second.count] == [1, 1])
        model.dispatch(ScreenAction.toggle(0))  // not read again: dropped, no one told
        #expect([reader.count, second.count] == [1, 1])
        #expect(model.trackedFieldCount == 0)
        reader.track()
        #expect(model.trackedFieldCount == 1)
        model.dispatch(ScreenAction.toggle(0))
        #expect(reader.count == 2)
    }

    @Test func aFieldNoOneReadsAgainIsDroppedAfterItChanges() {
        let model = Self.makeModel()
        let reader = TrackedReader { model.count }
        model.dispatch(ScreenAction.increment)
        #expect(reader.count == 1)
        // Not read again: the next change drops the field instead of telling anyone.
        model.dispatch(ScreenAction.increment)
        #expect(model.trackedFieldCount == 0)
        reader.track()
        #expect(model.trackedFieldCount == 1)
        model.dispatch(ScreenAction.increment)
        #expect(reader.count == 2)
    }
}

extension ScreenState {
    /// A closure: neither `Equatable` nor stored in the state's bytes.
    var describeCount: @Sendable () -> String {
        let count = self.count
        return { "count \(count)" }
    }
}
