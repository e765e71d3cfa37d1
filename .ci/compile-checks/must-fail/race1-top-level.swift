// expect: error: main actor-isolated let 'store' cannot be accessed from outside of the actor
// expect: [actor_isolated_access_outside_of_actor_context]
// expect: error: non-Sendable type 'Store<Int>' of let 'store' cannot exit main actor-isolated context
// top-level
// Race 1, at the top level of a main.swift: the store and the counter are main-actor globals, so a
// detached task cannot reach the store at all. (Locals of a top-level `do` block are not checked by
// this compiler: see ../holes/race1-top-level-do-block.swift.)
import ReduxKitLinux

struct Increment: Action {}
final class Counter { var n = 0 }
func countReducer(_ state: Int?, _ action: any Action) -> Int { (state ?? 0) + 1 }

let counter = Counter()
let store = createStore(countReducer, nil)
store.subscribe { _ in counter.n += 1 }
Task.detached { store.dispatch(Increment()) }  // CULPRIT
counter.n += 1
