import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// Issue 12, item 17: a subscriber or middleware that dispatches (or replaces
/// the reducer) every time it is called stops the process at 1,000 nested
/// levels with a message naming the rule, instead of dying of a bare stack
/// overflow; legitimately deep nesting (900 levels) still works, on the main
/// thread and on a thread of default stack size. Exit tests run their body in
/// a child process.
@Suite("Nesting limit", .hangSafetyNet)
struct NestingLimitTests {
    /// Checks that the child process stopped with the runaway-dispatch message.
    private func expectRunawayMessage(in result: ExitTest.Result?, sourceLocation: SourceLocation = #_sourceLocation) {
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ReduxKitLinux: \(Misuse.runawayNestedDispatch)"), sourceLocation: sourceLocation)
    }

    @Test func aSubscriberThatAlwaysDispatchesNamesTheRule() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let reference = StoreReference<Int>()
            let store = createStore(counterReducer, nil)
            reference.store = store
            store.subscribe { _ in reference.store?.dispatch(Increment()) }
            store.dispatch(Increment())
        }
        expectRunawayMessage(in: result)
    }

    @Test func aSubscriberThatAlwaysReplacesTheReducerNamesTheRule() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let reference = StoreReference<Int>()
            let store = createStore(counterReducer, nil)
            reference.store = store
            store.subscribe { _ in reference.store?.replaceReducer(counterReducer) }
            store.dispatch(Increment())
        }
        expectRunawayMessage(in: result)
    }

    @Test func aMiddlewareThatRedispatchesEveryActionNamesTheRule() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let echo: Middleware<Int> = { api in
                { next in
                    { action in
                        _ = api.dispatch(action)
                        return next(action)
                    }
                }
            }
            let store = createStore(counterReducer, nil, applyMiddleware(echo))
            store.dispatch(Increment())
        }
        expectRunawayMessage(in: result)
    }

    @Test func aSharedStoresSubscriberThatAlwaysDispatchesNamesTheRule() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let shared = SharedStore(createStore(counterReducer, nil))
            shared.subscribe { _ in shared.dispatch(Increment()) }
            shared.dispatch(Increment())
        }
        expectRunawayMessage(in: result)
    }

    /// Dispatches once to a new store whose subscriber dispatches again until
    /// the state reaches `depth`, so the dispatches nest `depth` deep (through
    /// two pass-through middleware, which add to each level's stack, if
    /// `throughMiddleware`). Returns the final state.
    static func dispatchNested(_ depth: Int, throughMiddleware: Bool) -> Int {
        let passThrough: Middleware<Int> = { _ in { next in { next($0) } } }
        let store =
            throughMiddleware
            ? createStore(counterReducer, nil, applyMiddleware(passThrough, passThrough))
            : createStore(counterReducer, nil)
        let reference = StoreReference<Int>()
        reference.store = store
        store.subscribe { state in
            if state < depth { reference.store?.dispatch(Increment()) }
        }
        store.dispatch(Increment())
        return store.state
    }

    /// On the main actor. (Under `swift test` on Linux its jobs run on a
    /// thread of their own, not the process's main thread, which the test
    /// runner keeps; that thread, like a default `Thread`, has an 8 MiB stack.
    /// A level takes 1.5 to 2.5 KB of it in a debug build, 2 to 3.5 KB under
    /// the thread sanitizer.)
    @Test(arguments: [false, true]) @MainActor
    func nineHundredNestedDispatchesWorkOnTheMainActor(throughMiddleware: Bool) {
        #expect(Self.dispatchNested(900, throughMiddleware: throughMiddleware) == 900)
    }

    @Test(arguments: [false, true])
    func nineHundredNestedDispatchesWorkOnAThreadOfDefaultStackSize(throughMiddleware: Bool) async {
        let state = await withCheckedContinuation { (finished: CheckedContinuation<Int, Never>) in
            let thread = Thread {
                finished.resume(returning: Self.dispatchNested(900, throughMiddleware: throughMiddleware))
            }
            thread.start()
        }
        #expect(state == 900)
    }
}
