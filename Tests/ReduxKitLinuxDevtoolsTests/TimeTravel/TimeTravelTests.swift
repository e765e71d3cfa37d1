import ReduxKitLinuxDevtools
import ReduxKitLinuxTestSupport
import Testing

@Suite("Time travel")
struct TimeTravelTests {
    static func makeStore(capacity: Int = 10) -> (Store<Int>, TimeTravel<Int>) {
        let timeTravel = TimeTravel<Int>(capacity: capacity)
        return (createStore(counterReducer, 0, timeTravel.enhancer), timeTravel)
    }

    @Test func recordsEachActionWithTheStateAfterIt() {
        let (store, timeTravel) = Self.makeStore()
        store.dispatch(Increment())
        store.dispatch(Increment(by: 2))
        #expect(timeTravel.entries.map(\.actionType) == ["@@INIT", "Increment", "Increment"])
        #expect(timeTravel.entries.map(\.state) == [0, 1, 3])
        #expect(timeTravel.presentIndex == 2)
    }

    @Test func undoAndRedoMoveTheStoreAndNotifySubscribers() {
        let (store, timeTravel) = Self.makeStore()
        let seen = Recorder<Int>()
        store.subscribe { seen.append($0) }
        store.dispatch(Increment())
        store.dispatch(Increment())
        timeTravel.undo()
        #expect(store.state == 1)
        timeTravel.undo()
        #expect(store.state == 0)
        timeTravel.undo()  // already at the oldest entry: nothing happens
        #expect(!timeTravel.canUndo)
        timeTravel.redo()
        #expect(store.state == 1)
        #expect(seen.values == [1, 2, 1, 0, 1])
    }

    @Test func jumpGoesToAnyEntry() {
        let (store, timeTravel) = Self.makeStore()
        for _ in 0..<4 { store.dispatch(Increment()) }
        timeTravel.jump(to: 1)
        #expect(store.state == 1)
        timeTravel.jump(to: 4)
        #expect(store.state == 4)
        timeTravel.jump(to: 99)
        #expect(store.state == 4)
    }

    @Test func aDispatchAfterAnUndoDropsTheRedoBranch() {
        let (store, timeTravel) = Self.makeStore()
        store.dispatch(Increment())
        store.dispatch(Increment())
        timeTravel.undo()
        store.dispatch(Increment(by: 10))
        #expect(timeTravel.entries.map(\.state) == [0, 1, 11])
        #expect(!timeTravel.canRedo)
    }

    @Test func theHistoryStaysWithinItsCapacityDroppingTheOldest() {
        let (store, timeTravel) = Self.makeStore(capacity: 5)
        for _ in 0..<100 { store.dispatch(Increment()) }
        #expect(timeTravel.entries.count == 5)
        #expect(timeTravel.entries.map(\.state) == [96, 97, 98, 99, 100])
        for _ in 0..<10 { timeTravel.undo() }
        #expect(store.state == 96)
    }

    @Test func pausedActionsChangeTheStateButAreNotRecorded() {
        let (store, timeTravel) = Self.makeStore()
        store.dispatch(Increment())
        timeTravel.pause()
        #expect(!timeTravel.isRecording)
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(store.state == 3)
        #expect(timeTravel.entries.count == 2)
        timeTravel.resume()
        store.dispatch(Increment())
        #expect(timeTravel.entries.map(\.state) == [0, 1, 4])
    }

    @Test func resetGoesBackToTheStartAndClearsTheHistory() {
        let (store, timeTravel) = Self.makeStore(capacity: 3)
        for _ in 0..<10 { store.dispatch(Increment()) }
        timeTravel.reset()
        #expect(store.state == 0)
        #expect(timeTravel.entries.map(\.state) == [0])
    }

    @Test func aTimeTravelRecordsOneStore() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let timeTravel = TimeTravel<Int>()
            _ = createStore(counterReducer, 0, timeTravel.enhancer)
            _ = createStore(counterReducer, 0, timeTravel.enhancer)
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ReduxKitLinux: A TimeTravel records one store"))
    }

    /// A capacity below two is a misuse, named as the other devtools misuses are.
    @Test func aCapacityBelowTwoStopsTheProcessSayingSo() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            _ = TimeTravel<Int>(capacity: 1)
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ReduxKitLinux: TimeTravel(capacity:) needs a capacity of at least 2."))
    }
}
