import Foundation
import ReduxKitLinux
import Synchronization
import Testing

/// Dispatch, getState, subscribe and dispose from many threads at once. Run
/// under `swift test --sanitize=thread` by `.ci/run`.
@Suite("Store thread safety")
struct StoreThreadSafetyTests {
    static let dispatchers = 8
    static let dispatchesEach = 2_000

    @Test func eightThreadsDispatchWhileOthersSubscribeDisposeAndRead() {
        let reducerOverlap = ReentryDetector()
        let store = createStore(
            { (state: Int?, action: any Action) -> Int in
                reducerOverlap.enter()
                defer { reducerOverlap.leave() }
                return counterReducer(state, action)
            }, nil)

        // Long-lived subscribers: states strictly increase, no self-overlap.
        let orderViolations = Counter()
        let subscriberOverlap = ReentryDetector()
        let lastSeen = Mutex(0)
        store.subscribe { state in
            subscriberOverlap.enter()
            defer { subscriberOverlap.leave() }
            lastSeen.withLock {
                if state <= $0 { orderViolations.increment() }
                $0 = state
            }
        }

        // Short-lived subscribers: never called once dispose() has returned.
        let callsAfterDispose = Counter()
        let shortLivedCalls = Counter()
        let readerViolations = Counter()
        let total = Self.dispatchers * Self.dispatchesEach

        onThreads(Self.dispatchers + 4) { index in
            switch index {
            case 0..<Self.dispatchers:
                for _ in 0..<Self.dispatchesEach { store.dispatch(Increment()) }
            case Self.dispatchers, Self.dispatchers + 1:
                for _ in 0..<300 {
                    let disposeReturned = Flag()
                    let subscription = store.subscribe { _ in
                        shortLivedCalls.increment()
                        if disposeReturned.isSet { callsAfterDispose.increment() }
                    }
                    Thread.sleep(forTimeInterval: 0.0001)
                    subscription.dispose()
                    disposeReturned.set()
                }
            default:
                var previous = 0
                for _ in 0..<2_000 {
                    let state = store.getState()
                    if state < previous { readerViolations.increment() }
                    previous = state
                }
            }
        }

        #expect(store.getState() == total)
        #expect(lastSeen.withLock { $0 } == total)
        #expect(reducerOverlap.overlaps.count == 0)
        #expect(subscriberOverlap.overlaps.count == 0)
        #expect(orderViolations.count == 0)
        #expect(callsAfterDispose.count == 0)
        #expect(readerViolations.count == 0)
    }

    @Test func everyActionIsAppliedExactlyOnceThroughMiddleware() {
        let seenByMiddleware = Counter()
        let middlewareOverlap = ReentryDetector()
        let counting: Middleware<Int> = { _ in
            { next in
                { action in
                    middlewareOverlap.enter()
                    seenByMiddleware.increment()
                    middlewareOverlap.leave()
                    return next(action)
                }
            }
        }
        let store = createStore(counterReducer, nil, applyMiddleware(counting))
        onThreads(8) { _ in
            for _ in 0..<1_000 { store.dispatch(Increment()) }
        }
        #expect(store.getState() == 8_000)
        #expect(seenByMiddleware.count == 8_000)
        #expect(middlewareOverlap.overlaps.count == 0)
    }

    @Test func subscribersDispatchingFromManyThreadsKeepExactTotals() {
        let store = createStore(counterReducer, nil)
        let echoes = Counter()
        // Every odd state makes this subscriber dispatch once more.
        store.subscribe { [weak store] state in
            if state % 2 == 1 {
                echoes.increment()
                store?.dispatch(Increment())
            }
        }
        onThreads(4) { _ in
            for _ in 0..<500 { store.dispatch(Increment()) }
        }
        #expect(store.getState() == 2_000 + echoes.count)
    }
}
