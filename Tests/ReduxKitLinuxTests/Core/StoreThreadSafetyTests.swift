import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// Dispatch, getState, subscribe and dispose from many threads at once, through
/// a ``SharedStore`` (a plain `Store` lives in one domain; the compiler keeps
/// it there). Run under `swift test --sanitize=thread` by `.ci/run`.
@Suite("Store thread safety")
struct StoreThreadSafetyTests {
    static let dispatchers = 8
    static let dispatchesEach = 2_000

    @Test func eightThreadsDispatchWhileOthersSubscribeDisposeAndRead() {
        let reducerOverlap = ReentryDetector()
        let store = SharedStore(
            createStore(
                { (state: Int?, action: any Action) -> Int in
                    reducerOverlap.enter()
                    defer { reducerOverlap.leave() }
                    return counterReducer(state, action)
                }, nil))

        // Long-lived subscribers: states strictly increase, no self-overlap.
        let orderViolations = Counter()
        let subscriberOverlap = ReentryDetector()
        let lastSeen = Locked(0)
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
        let dispatchersDone = Counter()
        let total = Self.dispatchers * Self.dispatchesEach

        onThreads(Self.dispatchers + 4) { index in
            switch index {
            case 0..<Self.dispatchers:
                for _ in 0..<Self.dispatchesEach { store.dispatch(Increment()) }
                dispatchersDone.increment()
            case Self.dispatchers, Self.dispatchers + 1:
                for _ in 0..<300 {
                    let called = Flag()
                    let disposeReturned = Flag()
                    let subscription = store.subscribe { _ in
                        shortLivedCalls.increment()
                        called.set()
                        if disposeReturned.isSet { callsAfterDispose.increment() }
                    }
                    // Dispose while dispatches are still coming, once one has reached it.
                    while !called.isSet && dispatchersDone.count < Self.dispatchers { sched_yield() }
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
        let store = SharedStore(createStore(counterReducer, nil, applyMiddleware(counting)))
        onThreads(8) { _ in
            for _ in 0..<1_000 { store.dispatch(Increment()) }
        }
        #expect(store.getState() == 8_000)
        #expect(seenByMiddleware.count == 8_000)
        #expect(middlewareOverlap.overlaps.count == 0)
    }

    @Test func subscribersDispatchingFromManyThreadsKeepExactTotals() {
        let store = SharedStore(createStore(counterReducer, nil))
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

    @Test func scopedStoresSelectiveSubscriptionsAndBagsFromManyThreads() {
        struct Pair: Equatable {
            var left = 0
            var right = 0
        }
        struct Left: Action {}
        struct Right: Action {}
        let store = SharedStore(
            createStore(
                { (state: inout Pair, action: any Action) in
                    if action is Left { state.left += 1 }
                    if action is Right { state.right += 1 }
                }, Pair()))
        let left = store.view(value: { $0.left })
        let leftOrder = Counter()
        let lastLeft = Locked(0)
        left.subscribe { value in
            lastLeft.withLock {
                if value <= $0 { leftOrder.increment() }
                $0 = value
            }
        }
        let rightSelections = Counter()
        store.subscribe(select: { $0.right }) { _ in rightSelections.increment() }

        onThreads(6) { index in
            switch index {
            case 0, 1:
                for _ in 0..<1_000 { left.dispatch(Left()) }
            case 2, 3:
                for _ in 0..<1_000 { store.dispatch(Right()) }
            default:
                for _ in 0..<200 {
                    // A bag lives on one thread: each thread fills and drops its own.
                    let bag = DisposeBag()
                    left.subscribe { _ in }.disposed(by: bag)
                    store.subscribe(select: { $0.left }) { _ in }.disposed(by: bag)
                    _ = left.state
                }
            }
        }
        #expect(store.state == Pair(left: 2_000, right: 2_000))
        #expect(lastLeft.withLock { $0 } == 2_000)
        #expect(leftOrder.count == 0)
        #expect(rightSelections.count == 2_000)
    }
}
