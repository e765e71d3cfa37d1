import ReduxKitLinux
import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import Testing

/// `EffectOrigin.current`, as a reducer reads it: `nil` for the app's own
/// dispatches, the kind of effect for a dispatch an effect made (a thunk's
/// body, an async thunk's lifecycle and body, a listener's effect and forks),
/// on a store on the main actor and on a store handed to a `SharedStore`.
@Suite("Effect origin", .hangSafetyNet)
struct EffectOriginTests {
    /// An action a listener's effect answers with ``Answer``.
    struct Ask: Action {}
    /// What the listener's effect dispatches, before and after it suspends.
    struct Answer: Action { let step: String }
    /// What the listener's fork dispatches.
    struct Forked: Action {}

    /// A reducer that records every action's type with the origin it reads,
    /// as `"Type"` or `"Type@origin"`.
    static func recordingReducer(_ seen: Recorder<String>) -> Reducer<Int> {
        { (state: Int?, action: any Action) -> Int in
            if !(action is DefaultAction) {
                let origin = EffectOrigin.current.map { "@\($0.rawValue)" } ?? ""
                if let answer = action as? Answer {
                    seen.append("Answer(\(answer.step))\(origin)")
                } else {
                    seen.append("\(action.type)\(origin)")
                }
            }
            return counterReducer(state, action)
        }
    }

    /// Listeners on ``Ask``: one dispatches ``Answer`` before it suspends
    /// and again once the test opens `later`, then forks a child that
    /// dispatches ``Forked``; `done` records when the fork has dispatched.
    static func listeners(done: Recorder<Bool>, later: AsyncGate) -> ListenerMiddleware<Int> {
        let listeners = ListenerMiddleware<Int>()
        listeners.addListener(for: Ask.self) { _, context in
            await context.dispatch(Answer(step: "at once"))
            await later.wait()
            await context.dispatch(Answer(step: "later"))
            let fork = context.fork {
                await context.dispatch(Forked())
            }
            _ = await fork.result
            done.append(true)
        }
        return listeners
    }

    @Test func theAppsDispatchesReadNil() {
        let seen = Recorder<String>()
        let store = SharedStore(
            createStore(Self.recordingReducer(seen), 0, applyMiddleware(thunkMiddleware())))
        store.dispatch(Increment())
        store.dispatch(SetValue(value: 3))
        #expect(seen.values == ["Increment", "SetValue"])
        #expect(EffectOrigin.current == nil)
    }

    @Test func aThunksDispatchesReadThunkAndTheAppsNextOneNil() {
        let seen = Recorder<String>()
        let store = SharedStore(
            createStore(Self.recordingReducer(seen), 0, applyMiddleware(thunkMiddleware())))
        store.dispatch(
            Thunk<Int> { dispatch, _ in
                _ = dispatch(Increment())
                _ = dispatch(Increment())
            })
        store.dispatch(Decrement())
        #expect(seen.values == ["Increment@thunk", "Increment@thunk", "Decrement"])
    }

    @Test @MainActor func anAsyncThunksLifecycleAndBodyReadAsyncThunk() async throws {
        let seen = Recorder<String>()
        let store = createStore(Self.recordingReducer(seen), 0, applyMiddleware(thunkMiddleware()))
        let gate = Gate()
        let load = AsyncThunk<Int, Int, Int>("items/load") { argument, context in
            await context.dispatch(Increment(by: argument))  // before its first suspension
            try await gate.wait()
            await context.dispatch(Increment(by: argument))
            return argument
        }
        let handle = store.dispatch(load(2))
        store.dispatch(Decrement())  // the app's, while the run waits
        gate.open()
        #expect(try await handle.value == 2)
        store.dispatch(Decrement())  // the app's, after the run
        #expect(
            seen.values == [
                "items/load/pending@asyncThunk", "Increment@asyncThunk", "Decrement", "Increment@asyncThunk",
                "items/load/fulfilled@asyncThunk", "Decrement",
            ])
    }

    @Test func aRejectedRunAndAConditionRejectionReadAsyncThunk() async {
        let seen = Recorder<String>()
        let store = SharedStore(
            createStore(Self.recordingReducer(seen), 0, applyMiddleware(thunkMiddleware())))
        struct Failed: Error {}
        let fail = AsyncThunk<Int, Void, Int>("items/fail") { _, _ in throw Failed() }
        _ = await store.dispatch(fail()).result
        let skip = AsyncThunk<Int, Void, Int>(
            "items/skip", condition: { _, _ in false }, dispatchConditionRejection: true
        ) { _, _ in 1 }
        _ = await store.dispatch(skip()).result
        store.dispatch(Increment())
        #expect(
            seen.values == [
                "items/fail/pending@asyncThunk", "items/fail/rejected@asyncThunk", "items/skip/rejected@asyncThunk",
                "Increment",
            ])
    }

    @Test func aListenersEffectAndForkReadListenerOnASharedStore() async {
        let seen = Recorder<String>()
        let (done, later) = (Recorder<Bool>(), AsyncGate())
        let store = SharedStore(
            createStore(
                Self.recordingReducer(seen), 0,
                applyMiddleware(thunkMiddleware(), Self.listeners(done: done, later: later).middleware())))
        store.dispatch(Ask())
        store.dispatch(Increment())  // the app's, after the effect's first dispatch, inside the same code
        later.open()
        _ = await done.wait(forCount: 1)
        store.dispatch(Decrement())  // the app's, after the effect ran
        #expect(
            seen.values == [
                "Ask", "Answer(at once)@listener", "Increment", "Answer(later)@listener", "Forked@listener",
                "Decrement",
            ])
    }

    @Test @MainActor func aListenersEffectAndForkReadListenerOnTheMainActor() async {
        let seen = Recorder<String>()
        let (done, later) = (Recorder<Bool>(), AsyncGate())
        let store = createStore(
            Self.recordingReducer(seen), 0,
            applyMiddleware(thunkMiddleware(), Self.listeners(done: done, later: later).middleware()))
        store.dispatch(Ask())
        store.dispatch(Increment())
        later.open()
        _ = await done.wait(forCount: 1)
        store.dispatch(Decrement())
        #expect(
            seen.values == [
                "Ask", "Answer(at once)@listener", "Increment", "Answer(later)@listener", "Forked@listener",
                "Decrement",
            ])
    }

    @Test func theInnermostEffectWins() async {
        let seen = Recorder<String>()
        let done = Recorder<Bool>()
        let listeners = ListenerMiddleware<Int>()
        listeners.addListener(for: Ask.self) { _, context in
            await context.dispatch(
                Thunk<Int> { dispatch, _ in _ = dispatch(Increment()) })
            await context.dispatch(Decrement())
            done.append(true)
        }
        let store = SharedStore(
            createStore(Self.recordingReducer(seen), 0, applyMiddleware(thunkMiddleware(), listeners.middleware())))
        store.dispatch(Ask())
        _ = await done.wait(forCount: 1)
        #expect(seen.values == ["Ask", "Increment@thunk", "Decrement@listener"])
    }
}
