// expect: risks causing data races
// top-level
// HOLE (compiler): Race 1 in the locals of a top-level `do` block of a main.swift COMPILES. Swift 6.3.1
// does not run region-based isolation on top-level code: the same lines in a nonisolated function
// fail (../must-fail/race1-nonisolated-function.swift). Built and run with 100,000 increments on
// each side, the thread sanitizer reports the race and the counter loses updates.
import ReduxKitLinux

struct Increment: Action {}
final class Counter { var n = 0 }
func countReducer(_ state: Int?, _ action: any Action) -> Int { (state ?? 0) + 1 }

do {
    let counter = Counter()
    let store = createStore(countReducer, nil)
    store.subscribe { _ in counter.n += 1 }
    Task.detached { store.dispatch(Increment()) }
    counter.n += 1  // CULPRIT
}
