import Foundation
import ReduxKitLinux
import ReduxKitLinuxEffects
import Synchronization

/// Counts calls made from any thread.
final class CallCount: Sendable {
    private let calls = Atomic<Int>(0)

    func increment() {
        calls.add(1, ordering: .relaxed)
    }

    var value: Int { calls.load(ordering: .relaxed) }
}

/// Builds a shared store (with thunk middleware and a scoped view), uses it from two threads
/// that subscribe, dispatch (actions and thunks) and dispose, then drops it while one handle
/// still outlives it; checks the totals, and that all of it is freed.
///
/// Plain threads only: an isolated subscriber or an async thunk would run a job on Swift's
/// global executor, which valgrind 3.19 cannot run.
func exerciseSharedStore(_ watchlist: Watchlist) {
    let captured = Watched()
    watchlist.watch(captured)
    let calls = CallCount()
    let perThread = 500
    let outliving: any ReduxDisposable & Sendable
    do {
        let reducer: Reducer<Int> = { state, action in
            _ = captured
            return counter(state, action)
        }
        let shared = SharedStore(createStore(reducer, nil, applyMiddleware(thunkMiddleware())))
        watchlist.watch(shared)
        let scoped = shared.view(value: { $0 * 10 })
        watchlist.watch(scoped)
        // Never disposed: freed with the store.
        shared.subscribe { _ in
            _ = captured
            calls.increment()
        }
        // Disposed only after the store is gone.
        outliving = scoped.subscribe { _ in _ = captured }

        onJoinedThreads(2) { thread in
            // The bag is made and emptied on this thread, and holds the shared store's handles.
            let bag = DisposeBag()
            for _ in 0..<perThread {
                let selective = shared.subscribe(select: { $0 % 3 }) { _ in _ = captured }
                shared.subscribe(includingCurrentState: true) { _ in _ = captured }.disposed(by: bag)
                if thread == 0 {
                    shared.dispatch(Increment())
                } else {
                    shared.dispatch(Thunk { dispatch, _ in _ = dispatch(Increment()) })
                }
                selective.dispose()
            }
            bag.disposeAll()
        }

        // A state stream, made and dropped unread (see `exercise`).
        withExtendedLifetime(shared.states) { _ = shared.dispatch(Noop()) }
        shared.replaceReducer { state, action in
            _ = captured
            return counter(state, action)
        }
        shared.dispatch(Increment())
        let expected = 2 * perThread + 1
        print("leak check: shared store final state \(shared.state), scoped \(scoped.state), after two threads")
        if shared.state != expected {
            fatalError("leak check: shared store state \(shared.state), expected \(expected)")
        }
    }
    // Every state change reached the long-lived subscriber: the two threads' increments, the
    // no-op, the replaced reducer's action and the last increment.
    let expectedCalls = 2 * perThread + 3
    print("leak check: long-lived shared subscriber called \(calls.value) times")
    if calls.value != expectedCalls {
        fatalError("leak check: shared subscriber called \(calls.value) times, expected \(expectedCalls)")
    }
    outliving.dispose()
    print("leak check: a handle disposed after its shared store was freed: \(outliving.disposed)")
}

/// Runs `body(0)`, …, `body(count - 1)` on threads of their own and joins them: when it returns,
/// the threads have ended and released everything `body` captured (a `DispatchGroup` would let
/// the waiting thread go on while a thread still holds its closure, and the watchlist would see
/// an object outlive its last use).
func onJoinedThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    final class Job: Sendable {
        let index: Int
        let body: @Sendable (Int) -> Void

        init(index: Int, body: @escaping @Sendable (Int) -> Void) {
            self.index = index
            self.body = body
        }
    }
    var threads: [pthread_t] = []
    for index in 0..<count {
        var thread = pthread_t()
        let job = Unmanaged.passRetained(Job(index: index, body: body)).toOpaque()
        let created = pthread_create(
            &thread, nil,
            { argument in
                let job = Unmanaged<Job>.fromOpaque(argument!).takeRetainedValue()
                job.body(job.index)
                return nil
            }, job)
        precondition(created == 0, "leak check: could not start a thread")
        threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
}
