import Foundation
import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import Testing

/// Async thunks on both routes back into a store: a store built on the main
/// actor (its `thunkMiddleware()` made there too), and a store handed to a
/// `SharedStore` (its middleware made outside any actor). Awaiting a run's
/// handle also waits for its fulfilled or rejected action to be dispatched.
@Suite("Async thunks", .hangSafetyNet)
struct AsyncThunkTests {
    struct Marker: Action {}
    struct LoadFailed: Error, Equatable {}

    /// A counter store on the main actor, with the thunk middleware, whose
    /// reducer logs every action's type.
    @MainActor
    static func makeStore(_ log: Recorder<String>) -> Store<Int> {
        createStore(
            { (state: Int?, action: any Action) -> Int in
                if !(action is DefaultAction) { log.append(action.type) }
                return counterReducer(state, action)
            }, 0, applyMiddleware(thunkMiddleware()))
    }

    @Test @MainActor func pendingIsDispatchedAtOnceThenFulfilledWithTheValue() async throws {
        let log = Recorder<String>()
        let store = Self.makeStore(log)
        let gate = Gate()
        let load = AsyncThunk<Int, Int, String>("items/load") { argument, context in
            try await gate.wait()
            await context.dispatch(Increment(by: argument))
            return "loaded \(argument)"
        }
        let handle = store.dispatch(load(4))
        #expect(log.values == ["items/load/pending"])
        gate.open()
        #expect(try await handle.value == "loaded 4")
        #expect(log.values == ["items/load/pending", "Increment", "items/load/fulfilled"])
        #expect(store.state == 4)
    }

    @Test func oneRequestIDTiesTheLifecycleTogether() async throws {
        let actions = Recorder<any Action>()
        let load = AsyncThunk<Int, Void, Int>("n/load") { _, _ in 7 }
        let store = SharedStore(
            createStore(
                { (state: Int?, action: any Action) -> Int in
                    if load.pending(action) != nil || load.fulfilled(action) != nil { actions.append(action) }
                    return state ?? 0
                }, 0, applyMiddleware(thunkMiddleware())))
        let first = store.dispatch(load())
        let second = store.dispatch(load())
        _ = try await (first.value, second.value)
        #expect(actions.count == 4)
        let pendingIDs = actions.values.compactMap { load.pending($0)?.requestID }
        let fulfilled = actions.values.compactMap { load.fulfilled($0) }
        #expect(Set(pendingIDs) == [first.requestID, second.requestID])
        #expect(Set(fulfilled.map(\.requestID)) == [first.requestID, second.requestID])
        #expect(fulfilled.allSatisfy { $0.value == 7 })
        #expect(first.requestID != second.requestID)
    }

    @Test @MainActor func aThrowingBodyIsRejectedWithItsErrorAndTheStoreKeepsWorking() async {
        let rejections = Recorder<any Error>()
        let load = AsyncThunk<Int, Void, Int>("broken") { _, _ in throw LoadFailed() }
        let store = createStore(
            { (state: Int?, action: any Action) -> Int in
                if let rejected = load.rejected(action) { rejections.append(rejected.error) }
                return counterReducer(state, action)
            }, 0, applyMiddleware(thunkMiddleware()))
        let handle = store.dispatch(load())
        let result = await handle.result
        #expect(throws: LoadFailed.self) { try result.get() }
        #expect(rejections.count == 1)
        #expect(rejections.values.first is LoadFailed)
        store.dispatch(Increment())
        #expect(store.state == 1)
    }

    @Test func cancellingReachesTheBodyAndIsReportedAsARejection() async {
        let sawCancellation = Flag()
        let cancelledRuns = Recorder<Bool>()
        let slow = AsyncThunk<Int, Void, Int>("slow") { _, _ in
            do {
                try await Gate().wait()  // never opened: waits until cancelled
            } catch {
                sawCancellation.set()
                throw error
            }
            return 1
        }
        let store = SharedStore(
            createStore(
                { (state: Int?, action: any Action) -> Int in
                    if let rejected = slow.rejected(action) { cancelledRuns.append(rejected.wasCancelled) }
                    return state ?? 0
                }, 0, applyMiddleware(thunkMiddleware())))
        let handle = store.dispatch(slow())
        handle.cancel()
        let result = await handle.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(cancelledRuns.values == [true])
        await store.waitForEffects()  // the body, which settled nothing, has ended
        #expect(sawCancellation.isSet)
        #expect(cancelledRuns.values == [true])
    }

    @Test @MainActor func freeingTheStoreCancelsRunningThunksAndNothingReachesItAfterward() async {
        let reduced = Recorder<String>()
        let sawCancellation = Flag()
        let dispatchedAfter = Recorder<Bool>()
        let bodyEnded = AsyncGate()
        let slow = AsyncThunk<Int, Void, Int>("slow") { _, context in
            defer { bodyEnded.open() }
            do {
                try await Gate().wait()  // never opened: waits until cancelled
            } catch {
                sawCancellation.set()
                dispatchedAfter.append(await context.dispatch(Marker()) != nil)
                await #expect(throws: CancellationError.self) { try await context.getState() }
                throw error
            }
            return 1
        }
        weak var weakStore: Store<Int>?
        var handle: AsyncThunkHandle<Int>?
        do {
            let store = createStore(
                { (state: Int?, action: any Action) -> Int in
                    reduced.append(action.type)
                    return state ?? 0
                }, 0, applyMiddleware(thunkMiddleware()))
            weakStore = store
            handle = store.dispatch(slow())
        }
        #expect(weakStore == nil)
        let result = await handle!.result
        #expect(throws: CancellationError.self) { try result.get() }
        await bodyEnded.wait()
        #expect(sawCancellation.isSet)
        #expect(dispatchedAfter.values == [false])
        #expect(reduced.values == ["slow/pending"])
    }

    @Test @MainActor func theBodyReadsTheCurrentState() async throws {
        let read = AsyncThunk<Int, Void, Int>("read") { _, context in
            await context.dispatch(Increment(by: 2))
            return try await context.getState()
        }
        let store = createStore(counterReducer, 40, applyMiddleware(thunkMiddleware()))
        #expect(try await store.dispatch(read()).value == 42)
    }

    /// Fifty runs dispatching from tasks on the global executor, at once, into
    /// one shared store: every increment lands exactly once.
    @Test func manyThunksDispatchingFromManyTasksKeepExactTotals() async throws {
        let fulfilled = Counter()
        let work = AsyncThunk<Int, Int, Int>("work") { count, context in
            for _ in 0..<count {
                await context.dispatch(Increment())
                await Task.yield()
            }
            return count
        }
        let store = SharedStore(
            createStore(
                { (state: Int?, action: any Action) -> Int in
                    if work.fulfilled(action) != nil { fulfilled.increment() }
                    return counterReducer(state, action)
                }, 0, applyMiddleware(thunkMiddleware())))
        let handles = (0..<50).map { _ in store.dispatch(work(100)) }
        var total = 0
        for handle in handles { total += try await handle.value }
        #expect(total == 5_000)
        #expect(store.state == 5_000)
        #expect(fulfilled.count == 50)
    }

    @Test func dispatchingAnAsyncThunkWithoutTheMiddlewareNamesTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let load = AsyncThunk<Int, Void, Int>("load") { _, _ in 1 }
            let store = createStore(counterReducer, 0)
            store.dispatch(load())
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ReduxKitLinux: An AsyncThunk needs the thunk middleware"))
    }

}
