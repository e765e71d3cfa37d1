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

    /// Reading your own write: each thread dispatches a thunk that increments
    /// and reads the count under the lock, so every dispatch reads the count
    /// it made, each a count of its own, none missing (what the server article
    /// shows; reading `getState()` after `dispatch` returns may repeat one).
    @Test func aThunkReadsTheStateItsOwnDispatchMade() {
        let shared = SharedStore(createStore(counterReducer, nil, applyMiddleware(thunkMiddleware())))
        let read = Recorder<Int>()
        let (threads, each) = (8, 1_000)
        onThreads(threads) { _ in
            for _ in 0..<each {
                shared.dispatch(
                    Thunk { dispatch, getState in
                        _ = dispatch(Increment())
                        read.append(getState())
                    })
            }
        }
        #expect(read.values.sorted() == Array(1...(threads * each)))
    }
}
