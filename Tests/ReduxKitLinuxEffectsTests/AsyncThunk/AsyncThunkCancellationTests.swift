import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// Cancelling a run settles it at once, with a reason if one is given, from
/// its handle, from the task awaiting it, or from the run that started it;
/// and each run ends with exactly one fulfilled or rejected action.
@Suite("Async thunk cancellation", .hangSafetyNet)
struct AsyncThunkCancellationTests {
    /// A shared store whose reducer logs the type of every lifecycle action.
    static func makeStore(
        logging log: Recorder<String>, rejections: Recorder<AsyncThunk<Int, String, Int>.Rejected>? = nil
    )
        -> SharedStore<Int>
    {
        SharedStore(
            createStore(
                { (state: Int?, action: any Action) -> Int in
                    if let lifecycle = action as? any AsyncThunkLifecycleAction { log.append(lifecycle.type) }
                    if let rejected = action as? AsyncThunk<Int, String, Int>.Rejected { rejections?.append(rejected) }
                    return counterReducer(state, action)
                }, 0, applyMiddleware(thunkMiddleware())))
    }

    @Test func cancellingSettlesAtOnceWhileTheBodyIgnoresItAndItsResultIsDropped() async {
        let log = Recorder<String>()
        let release = AsyncGate()
        let sawCancellation = Flag()
        let stubborn = AsyncThunk<Int, String, Int>("stubborn") { _, _ in
            await release.wait()  // does not listen for cancellation
            if Task.isCancelled { sawCancellation.set() }
            return 1
        }
        let store = Self.makeStore(logging: log)
        let handle = store.dispatch(stubborn("a"))
        handle.cancel()
        let result = await handle.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(log.values == ["stubborn/pending", "stubborn/rejected"])
        #expect(store.runningEffectCount == 1)  // the body still runs, and is counted
        release.open()
        await store.waitForEffects()
        #expect(sawCancellation.isSet)
        #expect(log.values == ["stubborn/pending", "stubborn/rejected"])  // its value never landed
    }

    @Test func aReasonGoesIntoTheRejectedActionAndTheFirstReasonIsKept() async {
        let log = Recorder<String>()
        let rejections = Recorder<AsyncThunk<Int, String, Int>.Rejected>()
        let slow = AsyncThunk<Int, String, Int>("slow") { _, _ in
            try await Gate().wait()  // never opened
            return 1
        }
        let store = Self.makeStore(logging: log, rejections: rejections)
        let handle = store.dispatch(slow("a"))
        handle.cancel(reason: "superseded")
        handle.cancel(reason: "later")
        _ = await handle.result
        let rejected = rejections.values
        #expect(rejected.count == 1)
        #expect(rejected.first?.wasCancelled == true)
        #expect(rejected.first?.cancelReason == "superseded")
        #expect(rejected.first?.error is CancellationError)
        #expect(rejected.first?.serializedError == SerializedError(name: "CancellationError", message: "superseded"))
        #expect(rejected.first?.argument == "a")
    }

    @Test func cancellingTheTaskAwaitingTheHandleCancelsTheRun() async {
        let log = Recorder<String>()
        let sawCancellation = Flag()
        let slow = AsyncThunk<Int, String, Int>("slow") { _, _ in
            do {
                try await Gate().wait()  // never opened: waits until cancelled
            } catch {
                sawCancellation.set()
                throw error
            }
            return 1
        }
        let store = Self.makeStore(logging: log)
        let handle = store.dispatch(slow("a"))
        let waiter = Task { try await handle.value }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(log.values == ["slow/pending", "slow/rejected"])
        await store.waitForEffects()
        #expect(sawCancellation.isSet)
    }

    @Test func cancellingASettledRunChangesNothing() async throws {
        let log = Recorder<String>()
        let quick = AsyncThunk<Int, String, Int>("quick") { argument, _ in argument.count }
        let store = Self.makeStore(logging: log)
        let handle = store.dispatch(quick("abc"))
        #expect(try await handle.value == 3)
        handle.cancel(reason: "too late")
        #expect(try await handle.value == 3)
        await store.waitForEffects()
        #expect(log.values == ["quick/pending", "quick/fulfilled"])
    }

    @Test func aThunkStartedInsideAnotherIsCancelledWithIt() async throws {
        let log = Recorder<String>()
        let innerHandles = Recorder<AsyncThunkHandle<Int>>()
        let innerStarted = AsyncGate()
        let inner = AsyncThunk<Int, String, Int>("inner") { _, _ in
            try await Gate().wait()  // never opened
            return 1
        }
        let outer = AsyncThunk<Int, String, Int>("outer") { argument, context in
            let handle = try #require(await context.dispatch(inner(argument)))
            innerHandles.append(handle)
            innerStarted.open()
            return try await handle.value
        }
        let store = Self.makeStore(logging: log)
        let handle = store.dispatch(outer("a"))
        await innerStarted.wait()
        handle.cancel()
        let innerResult = try #require(await innerHandles.values.first?.result)
        #expect(throws: CancellationError.self) { try innerResult.get() }
        await store.waitForEffects()
        #expect(
            Set(log.values) == ["outer/pending", "inner/pending", "outer/rejected", "inner/rejected"])
        #expect(log.count == 4)
    }

    @Test func theTypedDispatchInTheBodyReturnsTheInnerRunsHandle() async throws {
        let inner = AsyncThunk<Int, String, String>("inner") { argument, context in
            await context.dispatch(Increment(by: argument.count))
            return argument.uppercased()
        }
        let outer = AsyncThunk<Int, String, String>("outer") { argument, context in
            let handle = try #require(await context.dispatch(inner(argument)))
            #expect(handle.argument(as: String.self) == argument)
            return try await handle.value + "!"
        }
        let store = Self.makeStore(logging: Recorder())
        #expect(try await store.dispatch(outer("ab")).value == "AB!")
        #expect(store.state == 2)
    }

    @Test func theHandleCarriesTheArgumentAndThePrefix() {
        let log = Recorder<String>()
        let echo = AsyncThunk<Int, String, Int>("echo") { argument, _ in argument.count }
        let store = Self.makeStore(logging: log)
        let handle = store.dispatch(echo("four"))
        #expect(handle.argument(as: String.self) == "four")
        #expect(handle.argument as? String == "four")
        #expect(handle.argument(as: Int.self) == nil)
        #expect(handle.typePrefix == "echo")
    }

    @MainActor
    @Test func onTheMainActorCancellingSettlesAtOnceToo() async {
        let log = Recorder<String>()
        let release = AsyncGate()
        let stubborn = AsyncThunk<Int, Void, Int>("stubborn") { _, _ in
            await release.wait()  // does not listen for cancellation
            return 1
        }
        let store = createStore(
            { (state: Int?, action: any Action) -> Int in
                if let lifecycle = action as? any AsyncThunkLifecycleAction { log.append(lifecycle.type) }
                return state ?? 0
            }, 0, applyMiddleware(thunkMiddleware()))
        let handle = store.dispatch(stubborn())
        handle.cancel(reason: "test")
        _ = await handle.result
        #expect(log.values == ["stubborn/pending", "stubborn/rejected"])
        release.open()
    }
}
