import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import Testing

@Suite("Thunks")
struct ThunkTests {
    @Test func aThunkRunsWithDispatchAndGetStateAndGoesNoFurther() {
        let reduced = Recorder<String>()
        let store = createStore(
            { (state: Int?, action: any Action) -> Int in
                reduced.append(action.type)
                return counterReducer(state, action)
            }, 10, applyMiddleware(thunkMiddleware()))
        let seen = Recorder<Int>()
        let returned = store.dispatch(
            Thunk { dispatch, getState in
                seen.append(getState())
                _ = dispatch(Increment())
                seen.append(getState())
            })
        #expect(seen.values == [10, 11])
        #expect(reduced.values == ["Increment"])
        #expect(returned is Thunk<Int>)
    }

    @Test func aThunkMayDispatchAnotherThunkThroughTheWholeChain() {
        let store = createStore(counterReducer, 0, applyMiddleware(thunkMiddleware()))
        store.dispatch(
            Thunk { dispatch, _ in
                _ = dispatch(Thunk<Int> { dispatch, _ in _ = dispatch(Increment(by: 5)) })
            })
        #expect(store.state == 5)
    }

    @Test func storesWhoseStateIsNotSendableRunSyncThunks() {
        final class Box {
            var value = 0
        }
        let store = createStore(
            { (state: Box?, action: any Action) -> Box in
                let box = state ?? Box()
                if action is Increment { box.value += 1 }
                return box
            }, nil, applyMiddleware(thunkMiddleware()))
        store.dispatch(
            Thunk { dispatch, getState in
                if getState().value == 0 { _ = dispatch(Increment()) }
            })
        #expect(store.state.value == 1)
    }

    @Test func withoutTheMiddlewareAThunkReachesTheReducersAndIsIgnored() {
        let store = createStore(counterReducer, 3)
        store.dispatch(Thunk { dispatch, _ in _ = dispatch(Increment()) })
        #expect(store.state == 3)
    }
}
