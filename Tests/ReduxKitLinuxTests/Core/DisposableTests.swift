import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Synchronization
import Testing

@Suite("ReduxDisposable")
struct DisposableTests {
    @Test func simpleReduxDisposableCallsItsFunctions() {
        let calls = Counter()
        let flag = Flag()
        let handle = SimpleReduxDisposable(
            disposed: { flag.isSet },
            dispose: {
                calls.increment()
                flag.set()
            })
        #expect(handle.disposed == false)
        handle.dispose()
        #expect(handle.disposed)
        #expect(calls.count == 1)
    }

    /// A plain store's handles stay in its domain; a shared store's may be
    /// disposed from any thread.
    @Test func sharedStoreHandlesCanBeDisposedFromOtherThreads() {
        let store = SharedStore(createStore(counterReducer, nil))
        let calls = Counter()
        let handles = (0..<64).map { _ in store.subscribe { _ in calls.increment() } }
        onThreads(8) { thread in
            for index in stride(from: thread, to: handles.count, by: 8) { handles[index].dispose() }
        }
        #expect(handles.allSatisfy { $0.disposed })
        store.dispatch(Increment())
        #expect(calls.count == 0)
    }
}
