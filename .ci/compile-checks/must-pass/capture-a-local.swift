// expect-output: in a function: 3 (then disposed), at the top level: 3, reductions: 3
// The capture-a-local pattern: a plain Store's closures are not @Sendable, so they may capture and
// mutate local variables, in a nonisolated function and at the top level of a main.swift.
import ReduxKitLinux

struct Increment: Action {}
func countReducer(_ state: Int?, _ action: any Action) -> Int { (state ?? 0) + (action is Increment ? 1 : 0) }

func countInFunction() -> Int {
    var count = 0
    let store = createStore(countReducer, nil)
    let subscription = store.subscribe { _ in count += 1 }
    for _ in 0..<3 { store.dispatch(Increment()) }
    subscription.dispose()
    store.dispatch(Increment())  // not counted: the subscriber is gone
    return count
}

var count = 0
var reductions = 0
let store = createStore(
    { (state: Int?, action: any Action) -> Int in
        if action is Increment { reductions += 1 }
        return countReducer(state, action)
    }, nil)
let bag = DisposeBag()
store.subscribe { _ in count += 1 }.disposed(by: bag)
for _ in 0..<3 { store.dispatch(Increment()) }
bag.disposeAll()
store.dispatch(DefaultAction())
print("in a function: \(countInFunction()) (then disposed), at the top level: \(count), reductions: \(reductions)")
