// expect: capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure
// expect: [#SendableClosureCaptures]
// Was a hole (library), closed: `SharedStore.replaceReducer` is declared with `@escaping @Sendable Reducer<State>`
// (Sources/ReduxKitLinux/Sharing/SharedStore.swift:114, and :121 for `InPlaceReducer<State>`). Swift
// 6.3.1 silently drops `@Sendable` written on a typealias of a function type (swiftlang/swift#60488,
// #62753), so the parameter is a plain non-Sendable closure: this reducer captures a class instance
// the caller keeps mutating, and every dispatching thread runs it. Built with -sanitize=thread and
// 100,000 increments on each side, the thread sanitizer reports the race. Spelling the function
// type out, `@escaping @Sendable (State?, any Action) -> State` and
// `@escaping @Sendable (inout State, any Action) -> Void`, makes the compiler refuse this.
// Closed by spelling SharedStore.replaceReducer's parameter types out (`@Sendable` on a function
// typealias is dropped by Swift 6.3.1).
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

final class Counter { var n = 0 }

func run() {
    let counter = Counter()
    let shared = SharedStore(createStore(counterReducer, nil))
    shared.replaceReducer { (state: CounterState?, action: any Action) -> CounterState in  // CULPRIT
        counter.n += 1  // CULPRIT
        return counterReducer(state, action)  // CULPRIT
    }  // CULPRIT
    Task.detached { shared.dispatch(Increment()) }
    counter.n += 1
}
