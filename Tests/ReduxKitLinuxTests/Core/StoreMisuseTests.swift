import Foundation
import ReduxKitLinux
import Testing

/// Each rule the store enforces stops the process with its documented message
/// (and so can never deadlock). Exit tests run their body in a child process.
@Suite("Store misuse", .timeLimit(.minutes(2)))
struct StoreMisuseTests {
    /// Checks that the child process printed `message`, with the library's prefix.
    private func expectMessage(
        _ message: String, in result: ExitTest.Result?, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ReduxKitLinux: \(message)"), sourceLocation: sourceLocation)
    }

    @Test func dispatchingFromAReducerNamesTheRule() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let reference = StoreReference<Int>()
            let store = createStore(
                { (state: Int?, action: any Action) -> Int in
                    if action is Increment { reference.store?.dispatch(Noop()) }
                    return state ?? 0
                }, nil)
            reference.store = store
            store.dispatch(Increment())
        }
        expectMessage("Reducers may not dispatch actions.", in: result)
    }

    @Test func dispatchingFromAReducerThroughMiddlewareNamesTheRule() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let reference = StoreReference<Int>()
            let passThrough: Middleware<Int> = { _ in { next in { next($0) } } }
            let store = createStore(
                { (state: Int?, action: any Action) -> Int in
                    if action is Increment { reference.store?.dispatch(Noop()) }
                    return state ?? 0
                }, nil, applyMiddleware(passThrough))
            reference.store = store
            store.dispatch(Increment())
        }
        expectMessage("Reducers may not dispatch actions.", in: result)
    }

    @Test func readingTheStateFromAReducer() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let reference = StoreReference<Int>()
            let store = createStore(
                { (state: Int?, action: any Action) -> Int in
                    if action is Increment { _ = reference.store?.state }
                    return state ?? 0
                }, nil)
            reference.store = store
            store.dispatch(Increment())
        }
        expectMessage("You may not call store.getState() while the reducer is executing.", in: result)
    }

    @Test func subscribingFromAReducer() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let reference = StoreReference<Int>()
            let store = createStore(
                { (state: Int?, action: any Action) -> Int in
                    if action is Increment { reference.store?.subscribe { _ in } }
                    return state ?? 0
                }, nil)
            reference.store = store
            store.dispatch(Increment())
        }
        expectMessage("You may not call store.subscribe(_:) while the reducer is executing.", in: result)
    }

    @Test func disposingFromAReducer() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            final class Holder { var subscription: (any ReduxDisposable)? }
            let holder = Holder()
            let store = createStore(
                { (state: Int?, action: any Action) -> Int in
                    if action is Increment { holder.subscription?.dispose() }
                    return state ?? 0
                }, nil)
            holder.subscription = store.subscribe { _ in }
            store.dispatch(Increment())
        }
        expectMessage("You may not dispose a store subscription while the reducer is executing.", in: result)
    }

    @Test func replacingTheReducerFromAReducer() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let reference = StoreReference<Int>()
            let store = createStore(
                { (state: Int?, action: any Action) -> Int in
                    if action is Increment { reference.store?.replaceReducer { state, _ in state ?? 0 } }
                    return state ?? 0
                }, nil)
            reference.store = store
            store.dispatch(Increment())
        }
        expectMessage("You may not call store.replaceReducer(_:) while the reducer is executing.", in: result)
    }

    @Test func dispatchingWhileConstructingMiddleware() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let eager: Middleware<Int> = { api in
                _ = api.dispatch(Increment())
                return { next in { next($0) } }
            }
            _ = createStore(counterReducer, nil, applyMiddleware(eager))
        }
        expectMessage("Dispatching while constructing your middleware is not allowed.", in: result)
    }
}

@Suite("Composition misuse", .timeLimit(.minutes(2)))
struct CompositionMisuseTests {
    @Test func combiningNoOptionalStateReducers() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            _ = combineReducers([Reducer<Int>]())
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ReduxKitLinux: combineReducers needs at least one reducer"))
    }

    @Test func replacingTheReducerOfAScopedStore() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let store = createStore(counterReducer, nil)
            let scoped = store.view(value: { $0 * 2 })
            scoped.replaceReducer { state, _ in state ?? 0 }
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ReduxKitLinux: A scoped store has no reducer of its own"))
    }
}
