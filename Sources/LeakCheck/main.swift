// A lifetime check for valgrind: `.ci/run` runs it under `valgrind --leak-check=full` and fails
// on any definitely or indirectly lost block. It builds and drops everything the library makes
// (stores, middleware chains, scoped stores, selective subscriptions, dispose bags, state streams,
// nested dispatch, replaced reducers, and a shared store used from two threads), then checks with
// weak references that all of it was freed.
// It stays synchronous: valgrind 3.19 crashes on any job run by Swift's global executor.

import ReduxKitLinux

struct Increment: Action {}
struct Noop: Action {}

final class Watched: Sendable {}

func counter(_ state: Int?, _ action: any Action) -> Int {
    (state ?? 0) + (action is Increment ? 1 : 0)
}

/// Weak references to everything the check makes.
final class Watchlist {
    private(set) var entries: [() -> AnyObject?] = []

    func watch(_ object: AnyObject) {
        weak let reference = object
        entries.append { reference }
    }

    var survivors: Int { entries.filter { $0() != nil }.count }
}

func exercise(_ watchlist: Watchlist) {
    // A store with middleware that re-dispatches, subscribers that dispatch and dispose.
    let captured = Watched()
    watchlist.watch(captured)
    let redispatch: Middleware<Int> = { api in
        { next in
            { action in
                _ = captured
                if action is Noop { return api.dispatch(Increment()) }
                return next(action)
            }
        }
    }
    let store = createStore(counter, nil, applyMiddleware(redispatch))
    watchlist.watch(store)
    let bag = DisposeBag()
    var own: (any ReduxDisposable)?
    own = store.subscribe { [weak store] state in
        _ = captured
        if state < 3 { store?.dispatch(Increment()) } else { own?.dispose() }
    }
    store.subscribe(select: { $0 % 2 }) { _ in _ = captured }.disposed(by: bag)

    // A scoped store, dropped while its subscriptions are still held.
    var scopedHandle: (any ReduxDisposable)?
    do {
        let scoped = store.view(value: { $0 * 10 })
        watchlist.watch(scoped)
        scopedHandle = scoped.subscribe { _ in _ = captured }
        scoped.dispatch(Increment())
    }

    // State streams, made and dropped unread. Reading one would run on Swift's global
    // executor, which valgrind 3.19 cannot run (it crashes on the first job there); the test
    // suite reads and cancels streams under the address sanitizer's leak checker instead.
    withExtendedLifetime(store.states) {
        _ = store.states(bufferingPolicy: .unbounded)
        store.dispatch(Noop())
    }

    store.replaceReducer { state, action in
        _ = captured
        return counter(state, action)
    }
    store.dispatch(Increment())
    print("leak check: final state \(store.state), scoped subscription disposed: \(scopedHandle?.disposed ?? false)")
    bag.disposeAll()
}

let watchlist = Watchlist()
exercise(watchlist)
exerciseSharedStore(watchlist)
print("leak check: \(watchlist.entries.count) objects watched, \(watchlist.survivors) still alive")
if watchlist.survivors > 0 { fatalError("leak check: something outlived its last reference") }
