import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// A `SharedStore` runs everything its store does under one lock: dispatches
/// from many threads add up exactly, and subscribers keep every guarantee of a
/// `Store` (order, one call at a time, nested dispatch, dispose).
@Suite("Shared store", .hangSafetyNet)
struct SharedStoreTests {
    static let threads = 8
    static let dispatchesEach = 2_000
    static let total = threads * dispatchesEach

    /// One call to one subscriber, as a subscriber logs it.
    private struct Call: Equatable {
        let subscriber: Int
        let state: Int
    }

    @Test func eightThreadsDispatchAndTheTotalsAreExact() {
        let shared = SharedStore(createStore(counterReducer, nil))
        let calls = Counter()
        let subscription = shared.subscribe { _ in calls.increment() }
        onThreads(Self.threads) { _ in
            for _ in 0..<Self.dispatchesEach { shared.dispatch(Increment()) }
        }
        #expect(shared.state == Self.total)
        #expect(shared.getState() == Self.total)
        #expect(calls.count == Self.total)
        subscription.dispose()
    }

    @Test func subscribersAreCalledInOrderAndOneAtATime() {
        let shared = SharedStore(createStore(counterReducer, nil))
        let log = Recorder<Call>()
        let overlap = CrossThreadEntryDetector()
        for index in 0..<2 {
            shared.subscribe { state in
                overlap.enter()
                defer { overlap.leave() }
                log.append(Call(subscriber: index, state: state))
            }
        }
        onThreads(Self.threads) { _ in
            for _ in 0..<Self.dispatchesEach { shared.dispatch(Increment()) }
        }
        // Each dispatch is whole under the lock: both subscribers hear of state
        // n, in subscription order, before anyone hears of n + 1.
        let expected = (1...Self.total).flatMap { [Call(subscriber: 0, state: $0), Call(subscriber: 1, state: $0)] }
        #expect(log.values == expected)
        #expect(overlap.overlaps.count == 0)
    }

    @Test func aNestedDispatchFromASubscriberIsAppliedAtOnce() {
        let shared = SharedStore(createStore(counterReducer, nil))
        let notAppliedAtOnce = Counter()
        let oddStatesSeenOutside = Counter()
        // Turns every odd state into the next even one, from inside the dispatch.
        shared.subscribe { [weak shared] state in
            guard let shared, state % 2 == 1 else { return }
            shared.dispatch(Increment())
            if shared.state != state + 1 { notAppliedAtOnce.increment() }
        }
        let later = Recorder<Int>()
        shared.subscribe { later.append($0) }
        onThreads(Self.threads) { _ in
            for _ in 0..<Self.dispatchesEach {
                shared.dispatch(Increment())
                if shared.state % 2 == 1 { oddStatesSeenOutside.increment() }
            }
        }
        #expect(shared.state == 2 * Self.total)
        #expect(notAppliedAtOnce.count == 0)
        #expect(oddStatesSeenOutside.count == 0)
        // The later subscriber hears only of the newer state each time, never twice.
        #expect(later.values == Array(stride(from: 2, through: 2 * Self.total, by: 2)))
    }

    @Test func afterDisposeReturnsOnAnotherThreadTheSubscriberIsNeverCalled() {
        let shared = SharedStore(createStore(counterReducer, nil))
        let dispatches = Counter()
        let calls = Counter()
        let callsAfterDispose = Counter()
        let disposeReturned = Flag()
        let enoughCalls = DispatchSemaphore(value: 0)
        let subscription = shared.subscribe { _ in
            if disposeReturned.isSet { callsAfterDispose.increment() }
            calls.increment()
            if calls.count == 500 { enoughCalls.signal() }
        }
        let dispatchers = 4
        let dispatchesAfterDispose = 1_000
        onThreads(dispatchers + 1) { index in
            if index == dispatchers {
                enoughCalls.wait()
                subscription.dispose()
                disposeReturned.set()
                return
            }
            // Dispatching until the dispose, and on after it.
            while !disposeReturned.isSet {
                shared.dispatch(Increment())
                dispatches.increment()
            }
            for _ in 0..<dispatchesAfterDispose {
                shared.dispatch(Increment())
                dispatches.increment()
            }
        }
        #expect(callsAfterDispose.count == 0)
        #expect(calls.count >= 500)
        #expect(shared.state == dispatches.count)
        #expect(shared.state - calls.count >= dispatchers * dispatchesAfterDispose)
        #expect(subscription.disposed)
        #expect(shared.withStore { $0.core?.subscriberCount } == 0)
    }

    @Test func subscribingAndDisposingFromManyThreadsLeavesNothingBehind() {
        let shared = SharedStore(createStore(counterReducer, nil))
        let steadyCalls = Counter()
        let steady = shared.subscribe { _ in steadyCalls.increment() }
        let callsAfterDispose = Counter()
        let handleCalls = Counter()
        let threads = 6
        let rounds = 300
        onThreads(threads) { index in
            for round in 0..<rounds {
                let disposeReturned = Flag()
                let handle = shared.subscribe(includingCurrentState: round % 2 == 0) { _ in
                    if disposeReturned.isSet { callsAfterDispose.increment() }
                }
                shared.dispatch(Increment())
                handle.dispose()
                disposeReturned.set()
                if index % 2 == 0 {
                    let selectionDisposed = Flag()
                    shared.subscribe(select: { $0 % 7 }) { _ in
                        if selectionDisposed.isSet { callsAfterDispose.increment() }
                    }.dispose()
                    selectionDisposed.set()
                }
            }
        }
        // Handles made here, disposed from every thread at once (idempotently).
        let handles = (0..<50).map { _ in shared.subscribe { _ in handleCalls.increment() } }
        onThreads(4) { _ in
            for handle in handles { handle.dispose() }
        }
        shared.dispatch(Increment())
        #expect(shared.state == threads * rounds + 1)
        #expect(steadyCalls.count == threads * rounds + 1)
        #expect(callsAfterDispose.count == 0)
        #expect(handleCalls.count == 0)
        #expect(handles.allSatisfy { $0.disposed })
        #expect(shared.withStore { $0.core?.subscriberCount } == 1)
        steady.dispose()
        #expect(shared.withStore { $0.core?.subscriberCount } == 0)
    }

    @Test func replacingTheReducerWhileThreadsDispatch() {
        let byOne = Counter()
        let byTen = Counter()
        let shared = SharedStore(
            createStore(
                { (state: Int?, action: any Action) -> Int in
                    guard action is Increment else { return state ?? 0 }
                    byOne.increment()
                    return (state ?? 0) + 1
                }, nil))
        let calls = Counter()
        let replaceNow = DispatchSemaphore(value: 0)
        shared.subscribe { _ in
            calls.increment()
            if calls.count == 1_000 { replaceNow.signal() }
        }
        let dispatchers = 4
        onThreads(dispatchers + 1) { index in
            guard index < dispatchers else {
                replaceNow.wait()
                shared.replaceReducer { (state: inout Int, action: any Action) in
                    guard action is Increment else { return }
                    byTen.increment()
                    state += 10
                }
                return
            }
            for _ in 0..<Self.dispatchesEach { shared.dispatch(Increment()) }
        }
        // Each dispatch ran exactly one of the reducers; the replacement was
        // announced to the subscriber with a state of its own.
        #expect(byOne.count + byTen.count == dispatchers * Self.dispatchesEach)
        #expect(byOne.count >= 1_000)
        #expect(shared.state == byOne.count + 10 * byTen.count)
        #expect(calls.count == dispatchers * Self.dispatchesEach + 1)

        shared.replaceReducer { (state: Int?, action: any Action) -> Int in
            (state ?? 0) - ((action as? Increment)?.by ?? 0)
        }
        let before = shared.state
        shared.dispatch(Increment(by: 3))
        #expect(shared.state == before - 3)
    }

    @MainActor
    @Test func theBuilderMakesAStoreFromClosureLiteralsInMainActorCode() async {
        let built = Counter()
        let shared = SharedStore {
            built.increment()
            return createStore(
                { (state: Int?, action: any Action) -> Int in (state ?? 100) + ((action as? Increment)?.by ?? 0) }, nil)
        }
        #expect(built.count == 1)
        #expect(shared.state == 100)
        let calls = Counter()
        shared.subscribe { _ in calls.increment() }
        await Task.detached {
            onThreads(Self.threads) { _ in
                for _ in 0..<Self.dispatchesEach { shared.dispatch(Increment()) }
            }
        }.value
        #expect(shared.state == 100 + Self.total)
        #expect(calls.count == Self.total)
        #expect(built.count == 1)
    }
}
