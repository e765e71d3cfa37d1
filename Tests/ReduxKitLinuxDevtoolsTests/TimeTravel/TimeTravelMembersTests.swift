import ReduxKitLinuxDevtools
import ReduxKitLinuxTestSupport
import Testing

/// Every public member of `TimeTravel` does and returns what the type's doc
/// comment and the Devtools article's table say.
@Suite("Time travel's members, as documented")
struct TimeTravelMembersTests {
    @Test func entriesAndPresentIndexDescribeTheHistory() {
        let timeTravel = TimeTravel<Int>(capacity: 10)
        let store = createStore(counterReducer, 5, timeTravel.enhancer)
        #expect(timeTravel.capacity == 10)
        #expect(timeTravel.isRecording)
        #expect(timeTravel.entries.map(\.actionType) == ["@@INIT"])
        #expect(timeTravel.entries.map(\.state) == [5])
        #expect(timeTravel.presentIndex == 0)
        #expect(!timeTravel.canUndo && !timeTravel.canRedo)
        store.dispatch(Increment())
        store.dispatch(Decrement())
        #expect(timeTravel.entries.map(\.actionType) == ["@@INIT", "Increment", "Decrement"])
        #expect(timeTravel.entries.map(\.state) == [5, 6, 5])
        #expect(timeTravel.presentIndex == 2)
        #expect(timeTravel.canUndo && !timeTravel.canRedo)
    }

    @Test func undoAndRedoSayWhetherTheyMoved() {
        let timeTravel = TimeTravel<Int>(capacity: 10)
        let store = createStore(counterReducer, 0, timeTravel.enhancer)
        store.dispatch(Increment())
        #expect(!timeTravel.redo())  // already at the newest entry
        #expect(timeTravel.presentIndex == 1)
        // The article's idioms: check first, or use the result.
        if timeTravel.canUndo { timeTravel.undo() }
        #expect(store.state == 0)
        #expect(timeTravel.presentIndex == 0)
        #expect(!timeTravel.canUndo && timeTravel.canRedo)
        let label = timeTravel.undo() ? "undone" : "nothing to undo"
        #expect(label == "nothing to undo")
        #expect(store.state == 0)
        #expect(timeTravel.redo())
        #expect(store.state == 1)
        #expect(timeTravel.presentIndex == 1)
        #expect(timeTravel.undo())
        #expect(store.state == 0)
    }

    @Test func jumpSaysWhetherItMovedAndMovesOnlyToARecordedEntry() {
        let timeTravel = TimeTravel<Int>(capacity: 10)
        let store = createStore(counterReducer, 0, timeTravel.enhancer)
        let seen = Recorder<Int>()
        store.subscribe { seen.append($0) }
        for _ in 0..<3 { store.dispatch(Increment()) }
        #expect(timeTravel.jump(to: 1))
        #expect(store.state == 1 && timeTravel.presentIndex == 1)
        #expect(!timeTravel.jump(to: 1))  // the present: no move, no notification
        #expect(!timeTravel.jump(to: -1))
        #expect(!timeTravel.jump(to: timeTravel.entries.count))
        #expect(store.state == 1 && timeTravel.presentIndex == 1)
        #expect(timeTravel.canUndo && timeTravel.canRedo)
        #expect(seen.values == [1, 2, 3, 1])
    }

    @Test func resetGoesToTheCreatedStateEvenAfterTheCapacityDroppedIt() {
        let timeTravel = TimeTravel<Int>(capacity: 3)
        let store = createStore(counterReducer, 0, timeTravel.enhancer)
        for _ in 0..<3 { store.dispatch(Increment()) }
        #expect(timeTravel.entries.map(\.actionType) == ["Increment", "Increment", "Increment"])
        #expect(timeTravel.entries.map(\.state) == [1, 2, 3])
        #expect(timeTravel.presentIndex == 2)
        timeTravel.reset()
        #expect(store.state == 0)
        #expect(timeTravel.entries.map(\.actionType) == ["@@INIT"])
        #expect(timeTravel.presentIndex == 0)
        #expect(!timeTravel.canUndo && !timeTravel.canRedo)
    }

    @Test func pauseAndResumeShowInIsRecording() {
        let timeTravel = TimeTravel<Int>(capacity: 10)
        let store = createStore(counterReducer, 0, timeTravel.enhancer)
        timeTravel.pause()
        #expect(!timeTravel.isRecording)
        store.dispatch(Increment())
        #expect(timeTravel.entries.count == 1 && !timeTravel.canUndo)
        timeTravel.resume()
        #expect(timeTravel.isRecording)
        store.dispatch(Increment())
        #expect(timeTravel.entries.map(\.state) == [0, 2])
    }

    @Test func nothingMovesOnceTheStoreIsGone() {
        let timeTravel = TimeTravel<Int>(capacity: 10)
        do {
            let store = createStore(counterReducer, 0, timeTravel.enhancer)
            store.dispatch(Increment())
            store.dispatch(Increment())
        }
        #expect(timeTravel.presentIndex == 2 && timeTravel.canUndo)
        #expect(!timeTravel.undo())
        #expect(!timeTravel.jump(to: 0))
        #expect(timeTravel.presentIndex == 2)
    }
}
