import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// What the store-route tests' store counts.
private struct Tally: Equatable, Sendable {
    var increments = 0
    var pending = 0
    var fulfilled = 0
    var rejected = 0
    var sum = 0
    var marks = 0
}

/// Dispatched by the listener in the tests.
private struct Mark: Action {}

/// Dispatches an increment from its task, reads the state back, and returns its argument.
private let addLater = AsyncThunk<Tally, Int, Int>("effects/addLater") { amount, context in
    await context.dispatch(Increment())
    let state = try await context.getState()
    guard state.increments >= 1 else { throw CancellationError() }
    return amount
}

private func tallyReducer(_ state: Tally?, _ action: any Action) -> Tally {
    var state = state ?? Tally()
    if action is Increment { state.increments += 1 }
    if action is Mark { state.marks += 1 }
    if addLater.pending(action) != nil { state.pending += 1 }
    if let done = addLater.fulfilled(action) {
        state.fulfilled += 1
        state.sum += done.value
    }
    if addLater.rejected(action) != nil { state.rejected += 1 }
    return state
}

/// Effects find their way back into their store: on the actor it was made on,
/// or through the lock of the `SharedStore` holding it; with neither, starting
/// one stops the process; with the store gone, they dispatch nothing.
@Suite("Store routes", .hangSafetyNet)
struct StoreRouteTests {
    @MainActor
    @Test func anAsyncThunksResultsAreReducedOnTheMainActor() async throws {
        let store = createStore(tallyReducer, nil, applyMiddleware(thunkMiddleware()))
        var notifications = 0
        var fulfilledSeen = 0
        store.subscribe { state in
            // Stops the process if called anywhere but on the main actor.
            // (`Thread.isMainThread` says nothing here: under `swift test` on
            // Linux the main actor runs on a thread that is not the main one.)
            MainActor.preconditionIsolated("notified off the main actor")
            notifications += 1
            fulfilledSeen = state.fulfilled
        }
        let handle = store.dispatch(addLater(5))
        #expect(store.state.pending == 1)
        #expect(try await handle.value == 5)
        // The thunk's increment and its Fulfilled action were reduced, on the
        // main actor, before the handle's value arrived.
        #expect(store.state == Tally(increments: 1, pending: 1, fulfilled: 1, sum: 5))
        #expect(fulfilledSeen == 1)
        #expect(notifications == 3)
    }

    @MainActor
    @Test func aListenersEffectDispatchesBackOnTheMainActor() async {
        let listeners = ListenerMiddleware<Tally>()
        listeners.addListener(for: Increment.self) { _, context in
            guard context.stateAfter.increments == 1 else { return }
            await context.dispatch(Mark())
        }
        let store = createStore(tallyReducer, nil, applyMiddleware(listeners.middleware()))
        let (marks, marked) = AsyncStream.makeStream(of: Int.self)
        store.subscribe { state in
            MainActor.preconditionIsolated("notified off the main actor")
            marked.yield(state.marks)
        }
        store.dispatch(Increment())
        #expect(await firstValue(of: marks) { $0 == 1 } == 1)
        #expect(store.state == Tally(increments: 1, marks: 1))
    }

    @Test func asyncThunksThroughASharedStoreDispatchBackThroughItsLock() async throws {
        let shared = SharedStore(createStore(tallyReducer, nil, applyMiddleware(thunkMiddleware())))
        let overlap = CrossThreadEntryDetector()
        let notifications = Counter()
        shared.subscribe { _ in
            overlap.enter()
            defer { overlap.leave() }
            notifications.increment()
        }
        let thunks = 50
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for amount in 1...thunks {
                group.addTask { try await shared.dispatch(addLater(amount)).value }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(values.sorted() == Array(1...thunks))
        let sum = thunks * (thunks + 1) / 2
        #expect(shared.state == Tally(increments: thunks, pending: thunks, fulfilled: thunks, sum: sum))
        // Pending, the increment and Fulfilled: three dispatches a thunk.
        #expect(notifications.count == 3 * thunks)
        #expect(overlap.overlaps.count == 0)
    }

    /// An async thunk that waits for `release` to finish (or for its task to be
    /// cancelled), then tries to dispatch and read the state; it records whether
    /// either reached a store.
    private static func waitingThunk(
        started: AsyncStream<Void>.Continuation, release: AsyncStream<Void>, reached: Recorder<Bool>
    ) -> AsyncThunk<Int, Void, Int> {
        AsyncThunk("effects/waiting") { _, context in
            started.yield()
            for await _ in release {}
            reached.append(await context.dispatch(Increment()) != nil)
            reached.append((try? await context.getState()) != nil)
            return 1
        }
    }

    @MainActor
    @Test func aMainActorStoreFreedWithAnEffectInFlightGetsNothingDispatched() async {
        let (started, startedFeed) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseFeed) = AsyncStream.makeStream(of: Void.self)
        let reached = Recorder<Bool>()
        let reductions = Counter()
        let waiting = Self.waitingThunk(started: startedFeed, release: release, reached: reached)
        weak var freed: Store<Int>?
        var handle: AsyncThunkHandle<Int>?
        do {
            let store = createStore(
                { (state: Int?, action: any Action) -> Int in
                    reductions.increment()
                    return counterReducer(state, action)
                }, 0, applyMiddleware(thunkMiddleware()))
            freed = store
            handle = store.dispatch(waiting())
            _ = await firstValue(of: started)
        }
        #expect(freed == nil)
        let reductionsWhenFreed = reductions.count
        releaseFeed.finish()
        let result = await handle?.result
        // The run settled when it was cancelled; its body, released, goes on to its end.
        _ = await reached.wait(forCount: 2)
        // Freeing the store cancelled the run; nothing reached a store.
        #expect(throws: CancellationError.self) { try result?.get() }
        #expect(reached.values == [false, false])
        #expect(reductions.count == reductionsWhenFreed)
    }

    @Test func aSharedStoreFreedWithAnEffectInFlightGetsNothingDispatched() async {
        let (started, startedFeed) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseFeed) = AsyncStream.makeStream(of: Void.self)
        let reached = Recorder<Bool>()
        let reductions = Counter()
        let waiting = Self.waitingThunk(started: startedFeed, release: release, reached: reached)
        weak var freed: SharedStore<Int>?
        var handle: AsyncThunkHandle<Int>?
        do {
            let shared = SharedStore(
                createStore(
                    { (state: Int?, action: any Action) -> Int in
                        reductions.increment()
                        return counterReducer(state, action)
                    }, 0, applyMiddleware(thunkMiddleware())))
            freed = shared
            handle = shared.dispatch(waiting())
            _ = await firstValue(of: started)
        }
        #expect(freed == nil)
        let reductionsWhenFreed = reductions.count
        releaseFeed.finish()
        let result = await handle?.result
        _ = await reached.wait(forCount: 2)
        #expect(throws: CancellationError.self) { try result?.get() }
        #expect(reached.values == [false, false])
        #expect(reductions.count == reductionsWhenFreed)
    }
}
