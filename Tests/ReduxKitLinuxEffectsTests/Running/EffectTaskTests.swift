import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// What an effect starts is cancelled with it, and a shared store counts the
/// effect tasks its middleware runs.
@Suite("Effect tasks", .hangSafetyNet)
struct EffectTaskTests {
    struct Search: Action { let text: String }

    /// An async thunk that waits until it is cancelled, then reports it.
    static func waitingThunk(cancelled: Recorder<String>) -> AsyncThunk<Int, String, String> {
        AsyncThunk("search") { text, _ in
            // A stream that never yields: iterating it ends when the task is cancelled.
            let (never, continuation) = AsyncStream.makeStream(of: Void.self)
            for await _ in never {}
            withExtendedLifetime(continuation) {}
            if Task.isCancelled { cancelled.append(text) }
            return text
        }
    }

    @Test func aThunkAListenerStartedIsCancelledWhenANewerRunCancelsTheListener() async {
        let cancelled = Recorder<String>()
        let thunk = Self.waitingThunk(cancelled: cancelled)
        let listeners = ListenerMiddleware<Int>()
        let started = Recorder<String>()
        listeners.addListener(for: Search.self, policy: .latest) { action, context in
            let handle = await context.dispatch(thunk(action.text))
            started.append(action.text)
            _ = await handle?.result
        }
        let shared = SharedStore(
            createStore(
                counterReducer, 0,
                applyMiddleware(thunkMiddleware(), listeners.middleware())))
        shared.dispatch(Search(text: "a"))
        #expect(await started.wait(forCount: 1) == ["a"])
        shared.dispatch(Search(text: "ab"))
        #expect(await cancelled.wait(forCount: 1) == ["a"])
        #expect(await started.wait(forCount: 2) == ["a", "ab"])
        // The "a" run and its thunk end; the "ab" run and its thunk wait.
        await shared.waitForEffects(downTo: 2)
        #expect(shared.runningEffectCount == 2)
    }

    @Test func waitForEffectsReturnsWhenTheLastEffectEnds() async {
        let listeners = ListenerMiddleware<Int>()
        let gate = AsyncGate()
        listeners.addListener(for: Search.self) { _, _ in await gate.wait() }
        let shared = SharedStore(createStore(counterReducer, 0, applyMiddleware(listeners.middleware())))
        #expect(shared.runningEffectCount == 0)
        await shared.waitForEffects()
        shared.dispatch(Search(text: "a"))
        shared.dispatch(Search(text: "b"))
        #expect(shared.runningEffectCount == 2)
        let waiter = Task { await shared.waitForEffects() }
        gate.open()
        await waiter.value
        #expect(shared.runningEffectCount == 0)
    }

    /// A store with two middleware chains counts its effects in two trackers:
    /// an end in either wakes `waitForEffects(downTo:)`, whichever chain's
    /// effect keeps running (it waited on the first busy chain only, and
    /// hung when the end came in the other).
    @Test(arguments: [false, true]) func waitForEffectsDownToWakesAtAnEndInEitherChain(endingInFirst: Bool) async {
        let first = ListenerMiddleware<Int>()
        let second = ListenerMiddleware<Int>()
        let ends = AsyncGate()
        let stays = AsyncGate()
        first.addListener(for: Search.self) { _, _ in await (endingInFirst ? ends : stays).wait() }
        second.addListener(for: Search.self) { _, _ in await (endingInFirst ? stays : ends).wait() }
        let shared = SharedStore(
            createStore(
                counterReducer, 0,
                compose(applyMiddleware(first.middleware()), applyMiddleware(second.middleware()))))
        shared.dispatch(Search(text: "a"))
        #expect(shared.effectTrackers().count == 2)
        #expect(shared.runningEffectCount == 2)
        let waiter = Task { await shared.waitForEffects(downTo: 1) }
        ends.open()
        await waiter.value
        #expect(shared.runningEffectCount == 1)
        stays.open()
        await shared.waitForEffects()
        #expect(shared.runningEffectCount == 0)
    }

    // MARK: The race between a task's start and its handle, owned by `EffectTask`

    /// A task that waits until it is cancelled, then reports it.
    static func taskWaitingForItsCancellation(_ cancelled: Recorder<String>, _ name: String) -> Task<Void, Never> {
        Task {
            let (never, continuation) = AsyncStream.makeStream(of: Void.self)
            for await _ in never {}
            withExtendedLifetime(continuation) {}
            cancelled.append(name)
        }
    }

    @Test func aCancellationBeforeTheTaskIsGivenCancelsItWhenItIs() async {
        let cancelled = Recorder<String>()
        let effect = EffectTask()
        effect.cancel()
        #expect(effect.isCancelled)
        let task = Self.taskWaitingForItsCancellation(cancelled, "task")
        effect.started { task.cancel() }
        await task.value
        #expect(cancelled.values == ["task"])
    }

    @Test func aTaskGivenAfterItEndedIsNeverCancelled() {
        let cancels = Recorder<String>()
        let effect = EffectTask()
        effect.ended()
        effect.started { cancels.append("cancelled") }
        effect.cancel()
        #expect(cancels.values.isEmpty)
        #expect(effect.isCancelled)
    }

    @Test func cancellingCancelsTheTaskAndEveryChildInTheOrderAdopted() {
        let cancels = Recorder<String>()
        let parent = EffectTask()
        let first = EffectTask()
        let second = EffectTask()
        parent.adopt(first)
        let key = parent.adopt { cancels.append("released child") }
        parent.adopt(second)
        if let key { parent.release(key) }
        first.started { cancels.append("first") }
        second.started { cancels.append("second") }
        parent.started { cancels.append("parent") }
        parent.cancel()
        #expect(cancels.values == ["parent", "first", "second"])
        #expect(first.isCancelled && second.isCancelled)
    }

    @Test func aChildAdoptedByACancelledEffectIsCancelledAtOnce() {
        let parent = EffectTask()
        parent.cancel()
        let child = EffectTask()
        #expect(parent.adopt(child) == nil)
        #expect(child.isCancelled)
    }

    /// The runner knows an effect before its task starts: a runner cancelled
    /// from the effect's own synchronous part (before its handle exists)
    /// cancels it all the same.
    @Test @MainActor func aRunnerCancelledFromAnEffectsFirstStepsCancelsIt() async {
        let runner = EffectRunner()
        let effect = EffectTask()
        let cancelled = Recorder<Bool>()
        let task = runner.run(.listener, effect: effect, on: MainActor.shared, from: MainActor.shared) {
            runner.cancelAll()  // before its first suspension: its task is not known yet
            let (never, continuation) = AsyncStream.makeStream(of: Void.self)
            for await _ in never {}
            withExtendedLifetime(continuation) {}
            cancelled.append(Task.isCancelled)
        }
        #expect(effect.isCancelled)
        await task.value
        #expect(cancelled.values == [true])
    }
}
