import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Testing

@Suite("combineReducers")
struct CombineReducersTests {
    struct Tag: Action { let text: String }

    @Test func inPlaceReducersRunInTurnOnTheSameState() {
        let first: InPlaceReducer<[String]> = { state, action in
            if let tag = action as? Tag { state.append("first:\(tag.text)") }
        }
        let second: InPlaceReducer<[String]> = { state, action in
            if let tag = action as? Tag { state.append("second:\(tag.text) after \(state.count)") }
        }
        let combined = combineReducers(first, second)
        var state: [String] = []
        combined(&state, Tag(text: "x"))
        #expect(state == ["first:x", "second:x after 1"])

        var fromArray: [String] = []
        combineReducers([first, second])(&fromArray, Tag(text: "y"))
        #expect(fromArray == ["first:y", "second:y after 1"])
    }

    @Test func anEmptyInPlaceCombinationLeavesTheStateAlone() {
        let combined = combineReducers([InPlaceReducer<Int>]())
        var state = 7
        combined(&state, Increment())
        #expect(state == 7)
    }

    @Test func optionalStateReducersPassEachResultToTheNext() {
        let seen = Recorder<Int?>()
        let addOne: Reducer<Int> = { state, _ in
            seen.append(state)
            return (state ?? 100) + 1
        }
        let double: Reducer<Int> = { state, _ in
            seen.append(state)
            return (state ?? -1) * 2
        }
        let store = createStore(combineReducers(addOne, double), nil)
        // The first reducer receives nil, so its default applies; the second receives the first's result.
        #expect(store.getState() == 202)
        #expect(seen.values == [nil, 101])
        store.dispatch(Noop())
        #expect(store.getState() == 406)
    }

    @Test func theArrayFormMatchesTheVariadicForm() {
        let reducers: [Reducer<Int>] = [counterReducer, { state, _ in (state ?? 0) * 3 }]
        let store = createStore(combineReducers(reducers), nil)
        store.dispatch(Increment())
        #expect(store.getState() == 3)
    }
}
