import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// A global actor of the tests' own, to check that a subscriber isolated to an
/// actor other than the main one runs on it.
@globalActor
actor DeliveryTestActor {
    static let shared = DeliveryTestActor()
}

/// What an isolated subscriber saw, kept on the main actor.
@MainActor
private final class MainActorLog {
    var values: [Int] = []
    /// Calls that brought a value no newer than the one before.
    var notNewer = 0
    var disposeReturned = false
    var callsAfterDispose = 0

    func record(_ value: Int) {
        if let last = values.last, value <= last { notNewer += 1 }
        if disposeReturned { callsAfterDispose += 1 }
        values.append(value)
    }
}

/// What a subscriber isolated to ``DeliveryTestActor`` saw.
@DeliveryTestActor
private final class TestActorLog {
    var values: [Int] = []
    var notNewer = 0

    func record(_ value: Int) {
        if let last = values.last, value <= last { notNewer += 1 }
        values.append(value)
    }
}

/// `SharedStore.subscribe(isolated:)`: whoever dispatches, the subscriber runs
/// on its actor, with the newest state, never an older one or one twice, and
/// the last state always arrives.
@Suite("Isolated delivery", .hangSafetyNet)
struct IsolatedDeliveryTests {
    static let dispatches = 10_000

    @MainActor
    @Test func aDetachedTasksDispatchesReachTheMainActorNewestFirst() async {
        let shared = SharedStore(createStore(counterReducer, nil))
        let log = MainActorLog()
        let (arrivals, arrival) = AsyncStream.makeStream(of: Int.self)
        let subscription = shared.subscribe(isolated: { @MainActor state in
            MainActor.preconditionIsolated()
            log.record(state)
            arrival.yield(state)
        })
        let dispatcher = Task.detached {
            for _ in 0..<Self.dispatches { shared.dispatch(Increment()) }
        }
        #expect(await firstValue(of: arrivals) { $0 == Self.dispatches } == Self.dispatches)
        await dispatcher.value
        #expect(log.notNewer == 0)
        #expect(log.values.last == Self.dispatches)
        // Coalesced: at most one call per state, usually far fewer.
        #expect(!log.values.isEmpty && log.values.count <= Self.dispatches)
        subscription.dispose()
    }

    @MainActor
    @Test func dispatchesFromBackgroundThreadsReachTheMainActorNewestFirst() async {
        let shared = SharedStore(createStore(counterReducer, nil))
        let log = MainActorLog()
        let (arrivals, arrival) = AsyncStream.makeStream(of: Int.self)
        let subscription = shared.subscribe(isolated: { @MainActor state in
            MainActor.preconditionIsolated()
            log.record(state)
            arrival.yield(state)
        })
        let threads = 4
        await onThreadsInBackground(threads) { _ in
            for _ in 0..<Self.dispatches / threads { shared.dispatch(Increment()) }
        }
        #expect(await firstValue(of: arrivals) { $0 == Self.dispatches } == Self.dispatches)
        #expect(log.notNewer == 0)
        #expect(log.values.last == Self.dispatches)
        #expect(!log.values.isEmpty && log.values.count <= Self.dispatches)
        subscription.dispose()
    }

    @MainActor
    @Test func theCurrentStateIsDeliveredFirstWhenAskedFor() async {
        let shared = SharedStore(createStore(counterReducer, 41))
        let (withCurrent, withCurrentArrival) = AsyncStream.makeStream(of: Int.self)
        let (withoutCurrent, withoutCurrentArrival) = AsyncStream.makeStream(of: Int.self)
        let first = shared.subscribe(
            isolated: { @MainActor state in withCurrentArrival.yield(state) }, includingCurrentState: true)
        let second = shared.subscribe(isolated: { @MainActor state in withoutCurrentArrival.yield(state) })
        var withCurrentStates = withCurrent.makeAsyncIterator()
        var withoutCurrentStates = withoutCurrent.makeAsyncIterator()
        #expect(await withCurrentStates.next(isolation: #isolation) == 41)
        shared.dispatch(Increment())
        #expect(await withCurrentStates.next(isolation: #isolation) == 42)
        // The other one heard nothing until the dispatch.
        #expect(await withoutCurrentStates.next(isolation: #isolation) == 42)
        first.dispose()
        second.dispose()
    }

    @MainActor
    @Test func afterDisposeReturnsOnTheMainActorTheSubscriberIsNeverCalled() async {
        let shared = SharedStore(createStore(counterReducer, nil))
        let log = MainActorLog()
        let (arrivals, arrival) = AsyncStream.makeStream(of: Int.self)
        let subscription = shared.subscribe(isolated: { @MainActor state in
            log.record(state)
            arrival.yield(state)
        })
        let stop = Flag()
        let dispatched = Counter()
        let dispatcherDone = Task.detached {
            await onThreadsInBackground(1) { _ in
                while !stop.isSet {
                    shared.dispatch(Increment())
                    dispatched.increment()
                }
            }
        }
        var arrived = 0
        for await _ in arrivals {
            arrived += 1
            if arrived == 3 { break }
        }
        subscription.dispose()
        log.disposeReturned = true
        let callsWhenDisposed = log.values.count
        // Another subscriber, added now, follows the store to its last state,
        // while the dispatcher goes on; any call already queued for the first
        // one has had its turn on the main actor by then.
        let (laterArrivals, laterArrival) = AsyncStream.makeStream(of: Int.self)
        let later = shared.subscribe(isolated: { @MainActor state in laterArrival.yield(state) })
        let resumeAt = dispatched.count + 1_000
        var latest = await firstValue(of: laterArrivals) { $0 >= resumeAt }
        stop.set()
        await dispatcherDone.value
        let last = shared.state
        if latest != last { latest = await firstValue(of: laterArrivals) { $0 == last } }
        #expect(latest == last)
        #expect(log.callsAfterDispose == 0)
        #expect(log.values.count == callsWhenDisposed)
        #expect(subscription.disposed)
        #expect(shared.withStore { $0.core?.subscriberCount } == 1)
        later.dispose()
        #expect(shared.withStore { $0.core?.subscriberCount } == 0)
    }

    @MainActor
    @Test func aSelectingSubscriberHearsOnlyOfChanges() async {
        let shared = SharedStore(createStore(counterReducer, 250))
        let log = MainActorLog()
        let (arrivals, arrival) = AsyncStream.makeStream(of: Int.self)
        let subscription = shared.subscribe(
            select: { $0 / 100 },
            isolated: { @MainActor hundreds in
                MainActor.preconditionIsolated()
                log.record(hundreds)
                arrival.yield(hundreds)
            }, includingCurrentState: true)
        #expect(await firstValue(of: arrivals) == 2)
        await onThreadsInBackground(4) { _ in
            for _ in 0..<Self.dispatches / 4 { shared.dispatch(Increment()) }
        }
        let last = (250 + Self.dispatches) / 100
        #expect(await firstValue(of: arrivals) { $0 == last } == last)
        // The selection changed 100 times in 10,000 dispatches: never the same
        // selection twice, never an older one.
        #expect(log.notNewer == 0)
        #expect(log.values.first == 2)
        #expect(log.values.count <= 1 + last - 2)
        subscription.dispose()
    }

    @Test func aSubscriberIsolatedToAnotherActorRunsOnIt() async {
        let shared = SharedStore(createStore(counterReducer, nil))
        let log = TestActorLog()
        let (arrivals, arrival) = AsyncStream.makeStream(of: Int.self)
        let subscription = shared.subscribe(isolated: { @DeliveryTestActor state in
            DeliveryTestActor.shared.preconditionIsolated()
            log.record(state)
            arrival.yield(state)
        })
        await onThreadsInBackground(4) { _ in
            for _ in 0..<Self.dispatches / 4 { shared.dispatch(Increment()) }
        }
        #expect(await firstValue(of: arrivals) { $0 == Self.dispatches } == Self.dispatches)
        let (values, notNewer) = await (log.values, log.notNewer)
        #expect(notNewer == 0)
        #expect(values.last == Self.dispatches)
        #expect(!values.isEmpty && values.count <= Self.dispatches)
        subscription.dispose()
    }
}
