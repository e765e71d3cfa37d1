// expect: error: passing closure as a 'sending' parameter risks causing data races between main actor-isolated code and concurrent execution of the closure
// expect: [#SendingClosureRisksDataRace]
// Was a hole (compiler + library), closed by the library: Race 2 with an explicitly @MainActor subscriber COMPILES. In a @MainActor
// method, `{ @MainActor [weak self] s in ... }` is a @Sendable closure, so Swift converts it to the
// store's plain `(State) -> Void` parameter without tying the store to the main actor (region-based
// isolation does not see the erased isolation; swiftlang/swift#90271 is the same family). The
// detached task then calls the subscriber off the main thread: at run time it writes `value` from a
// global-executor thread (Thread.isMainThread is false inside it; MainActor.assertIsolated() traps).
// Without `@MainActor` in the closure (../must-fail/race2-view-model-subscriber.swift) the compiler
// refuses. A fix in the library: `@MainActor` overloads of `Store.subscribe(_:)`,
// `subscribe(includingCurrentState:_:)` and `replaceReducer(_:)` taking
// `@escaping @MainActor @Sendable` closures; calling a main-actor method on the store ties it to the
// main actor, and these holes are then refused with the diagnostics pinned above.
// Closed by the @MainActor overloads of Store.subscribe and Store.replaceReducer
// (Sources/ReduxKitLinux/Subscribing/MainActorSubscription.swift): calling them ties the store to
// the main actor.
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

@MainActor final class CounterViewModel {
    var value = 0

    func bind() {
        let store = createStore(counterReducer, nil)
        store.subscribe { @MainActor [weak self] s in self?.value = s.count }  // CULPRIT
        Task.detached { store.dispatch(Increment()) }
    }
}
