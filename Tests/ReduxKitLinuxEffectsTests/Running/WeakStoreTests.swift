import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// A `WeakStore` reaches its store in the store's own domain: under the lock of
/// the `SharedStore` holding it, or on the actor an effect middleware of the
/// same chain was created on.
@Suite("WeakStore")
struct WeakStoreTests {
    @Test func dispatchesThroughASharedStoreWhileItLivesAndNothingAfter() async throws {
        let kept = Locked<WeakStore<Int>?>(nil)
        let keeper: Middleware<Int> = { api in
            kept.withLock { $0 = api.weakStore }
            return { next in { next($0) } }
        }
        do {
            let store = SharedStore(createStore(counterReducer, 0, applyMiddleware(keeper)))
            let handle = kept.withLock { $0 }
            #expect(await handle?.isAlive == true)
            #expect(await handle?.dispatch(Increment()) != nil)
            #expect(try await handle?.getState() == 1)
            #expect(store.state == 1)
        }
        let handle = kept.withLock { $0 }
        #expect(await handle?.isAlive == false)
        #expect(await handle?.dispatch(Increment()) == nil)
        await #expect(throws: CancellationError.self) { try await handle?.getState() }
    }

    @Test @MainActor func dispatchesOnTheStoresActorWhileItLivesAndNothingAfter() async throws {
        var kept: WeakStore<Int>?
        let keeper: Middleware<Int> = { api in
            kept = api.weakStore
            return { next in { next($0) } }
        }
        do {
            let store = createStore(counterReducer, 0, applyMiddleware(keeper, thunkMiddleware()))
            // A dispatch from the main actor settles the chain there.
            store.dispatch(Increment())
            #expect(await kept?.isAlive == true)
            #expect(await kept?.dispatch(Increment()) != nil)
            #expect(try await kept?.getState() == 2)
            #expect(store.state == 2)
        }
        #expect(await kept?.isAlive == false)
        #expect(await kept?.dispatch(Increment()) == nil)
        await #expect(throws: CancellationError.self) { try await kept?.getState() }
    }

    static let double = AsyncThunk<Int, Int, Int>("double") { value, _ in value * 2 }

    /// Redux-style middleware tests build the api by hand; its weak store then
    /// goes through the api's own closures, on the middleware's actor, while
    /// the chain made from it lives.
    @Test @MainActor func anApiMadeByHandIsTheWayBackForAsyncThunks() async {
        var state = 0
        var types: [String] = []
        var finished: CheckedContinuation<Void, Never>?
        let api = MiddlewareApi<Int>(
            dispatch: { action in
                MainActor.assertIsolated()
                types.append(action.type)
                if let fulfilled = Self.double.fulfilled(action) {
                    state = fulfilled.value
                    finished?.resume()
                }
                return action
            },
            getState: { state })
        let chain = thunkMiddleware()(api)({ $0 })
        await withCheckedContinuation { continuation in
            finished = continuation
            _ = chain(Self.double(21))
        }
        withExtendedLifetime(chain) {}
        #expect(state == 42)
        #expect(types == ["double/pending", "double/fulfilled"])
    }

    @Test func anApiMadeByHandOnNoActorNamesTheWaysBack() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let api = MiddlewareApi<Int>(dispatch: { $0 }, getState: { 0 })
            _ = thunkMiddleware()(api)({ $0 })(Self.double(1))
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ReduxKitLinux: \(Misuse.noWayBackIntoStore)"))
    }
}
