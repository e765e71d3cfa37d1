import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// What an effect starts is cancelled with it, and a shared store counts the
/// effect tasks its middleware runs.
@Suite("Effect scopes", .hangSafetyNet)
struct EffectScopeTests {
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
}
