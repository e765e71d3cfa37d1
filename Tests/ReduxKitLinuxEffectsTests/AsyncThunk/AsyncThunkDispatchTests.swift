import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import Testing

/// One spelling dispatches an async thunk: `dispatch(_:)` with the thunk's
/// action picks the typed overload (on a store, a shared store, a thunk's
/// context and a listener's context) and returns the run's handle. Seen as
/// `any Action`, the same action goes through the untyped dispatch, which
/// returns an action standing for the started run, not the handle. The
/// former `dispatch(thunk:)` is gone.
@Suite("Dispatching async thunks", .hangSafetyNet)
struct AsyncThunkDispatchTests {
    /// Loads `"<argument> loaded"`, after adding the argument's length to the count.
    static let load = AsyncThunk<Int, String, String>("dispatch/load") { argument, context in
        await context.dispatch(Increment(by: argument.count))
        return "\(argument) loaded"
    }

    /// A counter store on the main actor, with the thunk middleware, whose
    /// reducer logs every lifecycle action's type.
    @MainActor
    static func mainActorStore(_ log: Recorder<String>) -> Store<Int> {
        createStore(
            { (state: Int?, action: any Action) -> Int in
                if action.type.hasPrefix("dispatch/") { log.append(action.type) }
                return counterReducer(state, action)
            }, 0, applyMiddleware(thunkMiddleware()))
    }

    /// The same store, handed to a `SharedStore` (its middleware made outside any actor).
    static func sharedStore(_ log: Recorder<String>) -> SharedStore<Int> {
        SharedStore {
            createStore(
                { (state: Int?, action: any Action) -> Int in
                    if action.type.hasPrefix("dispatch/") { log.append(action.type) }
                    return counterReducer(state, action)
                }, 0, applyMiddleware(thunkMiddleware()))
        }
    }

    @Test @MainActor func aMainActorStoreReturnsAWorkingHandle() async throws {
        let log = Recorder<String>()
        let store = Self.mainActorStore(log)
        let handle = store.dispatch(Self.load("abc"))
        #expect(handle.typePrefix == "dispatch/load")
        #expect(handle.argument(as: String.self) == "abc")
        #expect(try await handle.value == "abc loaded")
        #expect(log.values == ["dispatch/load/pending", "dispatch/load/fulfilled"])
        #expect(store.state == 3)
    }

    @Test @MainActor func anObservableStoreReturnsAWorkingHandle() async throws {
        let log = Recorder<String>()
        let model = ObservableStore(Self.mainActorStore(log))
        let handle = model.dispatch(Self.load("abcd"))
        #expect(try await handle.value == "abcd loaded")
        #expect(log.values == ["dispatch/load/pending", "dispatch/load/fulfilled"])
        #expect(model.state == 4)
    }

    @Test func aSharedStoreReturnsAWorkingHandle() async throws {
        let log = Recorder<String>()
        let store = Self.sharedStore(log)
        let handle = store.dispatch(Self.load("ab"))
        #expect(handle.argument(as: String.self) == "ab")
        #expect(try await handle.value == "ab loaded")
        #expect(log.values == ["dispatch/load/pending", "dispatch/load/fulfilled"])
        #expect(store.state == 2)
    }

    @Test func aThunksContextReturnsTheInnerRunsHandle() async throws {
        let outer = AsyncThunk<Int, String, String>("dispatch/outer") { argument, context in
            let handle = try #require(await context.dispatch(Self.load(argument)))
            #expect(handle.typePrefix == "dispatch/load")
            return try await handle.value + "!"
        }
        let store = Self.sharedStore(Recorder())
        #expect(try await store.dispatch(outer("abcd")).value == "abcd loaded!")
        #expect(store.state == 4)
    }

    @Test func aListenersContextReturnsTheRunsHandle() async {
        struct Search: Action { let text: String }
        let listeners = ListenerMiddleware<Int>()
        let seen = Recorder<String>()
        listeners.addListener(for: Search.self) { search, context in
            guard let handle = await context.dispatch(Self.load(search.text)) else { return }
            seen.append(try await handle.value)
        }
        let store = SharedStore {
            createStore(counterReducer, 0, applyMiddleware(thunkMiddleware(), listeners.middleware()))
        }
        store.dispatch(Search(text: "tea"))
        await store.waitForEffects()
        #expect(store.runningEffectCount == 0)
        #expect(seen.values == ["tea loaded"])
        #expect(store.state == 3)
    }

    @Test func theUntypedDispatchReturnsTheStartedRunNotTheHandle() async throws {
        let log = Recorder<String>()
        let store = Self.sharedStore(log)
        let returned = store.dispatch(Self.load("a") as any Action)
        #expect(returned is AsyncThunkStarted)
        #expect(!(returned is AsyncThunkAction<Int, String, String>))
        // The run started all the same; the typed overloads unwrap what it returned.
        let handle = AsyncThunkStarted.handle(in: returned, as: String.self)
        #expect(try await handle.value == "a loaded")
        #expect((returned as? AsyncThunkStarted)?.handle is AsyncThunkHandle<String>)
        #expect(!((returned as? AsyncThunkStarted)?.handle is AsyncThunkHandle<Int>))
        #expect(log.values == ["dispatch/load/pending", "dispatch/load/fulfilled"])
    }

    @Test func theUntypedDispatchWithoutTheMiddlewareReturnsTheActionItself() {
        let store = SharedStore(createStore(counterReducer, 0))
        let returned = store.dispatch(Self.load("a") as any Action)
        #expect(returned is AsyncThunkAction<Int, String, String>)
        #expect(store.state == 0)
    }

}
