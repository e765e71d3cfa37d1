import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import Testing

/// Thunks in a `SharedStore` run whole under its lock: another thread's
/// dispatch never lands between a thunk's own dispatches.
@Suite("Thunks in a shared store", .hangSafetyNet)
struct SharedStoreThunkTests {
    @Test func thunksRunWholeUnderTheLock() {
        let shared = SharedStore(createStore(counterReducer, nil, applyMiddleware(thunkMiddleware())))
        let torn = Counter()
        let thunksRun = Counter()
        onThreads(8) { _ in
            for _ in 0..<1_000 {
                shared.dispatch(
                    Thunk { dispatch, getState in
                        thunksRun.increment()
                        let before = getState()
                        _ = dispatch(Increment())
                        _ = dispatch(Increment())
                        if getState() != before + 2 { torn.increment() }
                    })
            }
        }
        #expect(thunksRun.count == 8_000)
        #expect(shared.state == 16_000)
        #expect(torn.count == 0)
    }
}
