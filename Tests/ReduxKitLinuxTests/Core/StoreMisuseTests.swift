import Foundation
import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Testing

/// Checks that an exit test's child process printed `message`, with the library's prefix.
private func expectMessage(
    _ message: String, in result: ExitTest.Result?, sourceLocation: SourceLocation = #_sourceLocation
) {
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("ReduxKitLinux: \(message)"), sourceLocation: sourceLocation)
}

/// Each rule the store enforces stops the process with its documented message
/// (and so can never deadlock). Exit tests run their body in a child process.
@Suite("Store misuse", .hangSafetyNet)
struct StoreMisuseTests {
    /// The body every "from a reducer" exit test runs in its child process: a
    /// store (through `middleware`, if any) whose reducer, while it reduces
    /// `Increment`, does `misuse` to its own store; `prepare` runs first.
    /// (Exit test bodies capture nothing, so each calls this static function.)
    static func reduceIncrement(
        through middleware: Middleware<Int>? = nil,
        prepare: (Store<Int>) -> Void = { _ in },
        misusing misuse: @escaping (Store<Int>) -> Void
    ) {
        exitIfStillRunning()
        let reference = StoreReference<Int>()
        let reducer = { (state: Int?, action: any Action) -> Int in
            if action is Increment, let store = reference.store { misuse(store) }
            return state ?? 0
        }
        let store = createStore(reducer, nil, middleware.map { applyMiddleware($0) })
        reference.store = store
        prepare(store)
        store.dispatch(Increment())
    }

    @Test func dispatchingFromAReducerNamesTheRule() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            StoreMisuseTests.reduceIncrement { $0.dispatch(Noop()) }
        }
        expectMessage("Reducers may not dispatch actions.", in: result)
    }

    @Test func dispatchingFromAReducerThroughMiddlewareNamesTheRule() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            StoreMisuseTests.reduceIncrement(through: { _ in { next in { next($0) } } }) { $0.dispatch(Noop()) }
        }
        expectMessage("Reducers may not dispatch actions.", in: result)
    }

    @Test func readingTheStateFromAReducer() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            StoreMisuseTests.reduceIncrement { _ = $0.state }
        }
        expectMessage("You may not call store.getState() while the reducer is executing.", in: result)
    }

    @Test func subscribingFromAReducer() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            StoreMisuseTests.reduceIncrement { $0.subscribe { _ in } }
        }
        expectMessage("You may not call store.subscribe(_:) while the reducer is executing.", in: result)
    }

    @Test func disposingFromAReducer() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Holder { var subscription: (any ReduxDisposable)? }
            let holder = Holder()
            StoreMisuseTests.reduceIncrement(prepare: { holder.subscription = $0.subscribe { _ in } }) { _ in
                holder.subscription?.dispose()
            }
        }
        expectMessage("You may not dispose a store subscription while the reducer is executing.", in: result)
    }

    @Test func replacingTheReducerFromAReducer() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            StoreMisuseTests.reduceIncrement { $0.replaceReducer { state, _ in state ?? 0 } }
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

@Suite("Composition misuse", .hangSafetyNet)
struct CompositionMisuseTests {
    @Test func combiningNoOptionalStateReducers() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            _ = combineReducers([Reducer<Int>]())
        }
        expectMessage("combineReducers needs at least one reducer", in: result)
    }

    @Test func replacingTheReducerOfAScopedStore() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let store = createStore(counterReducer, nil)
            let scoped = store.view(value: { $0 * 2 })
            scoped.replaceReducer { state, _ in state ?? 0 }
        }
        expectMessage("A scoped store has no reducer of its own", in: result)
    }
}
