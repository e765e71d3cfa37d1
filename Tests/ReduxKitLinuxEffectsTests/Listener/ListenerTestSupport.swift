import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// Stores and dependencies the listener tests share: a counter store handed to
/// a `SharedStore` (middleware made outside any actor), whose reducer logs
/// every action's type, and dependencies whose clock is a manual one.
enum ListenerTestSupport {
    struct Search: Action { let text: String }
    struct Found: Action { let text: String }

    /// EffectDependencies whose clock moves only when the test advances it.
    static func dependencies(_ clock: TestClock) -> EffectDependencies {
        var dependencies = EffectDependencies()
        dependencies.clock = clock
        return dependencies
    }

    /// Waits until none of `store`'s effects runs, woken by the last one's
    /// end: no deadline, so a busy machine (the whole suite under the thread
    /// sanitizer) only makes it slower. False if some still run, which only
    /// happens once the suite's time limit has cancelled the wait (a run that
    /// never ends fails its test instead of hanging it).
    static func effectsEnd<State>(in store: SharedStore<State>) async -> Bool {
        await store.waitForEffects()
        return store.runningEffectCount == 0
    }

    /// A shared counter store with `listeners` (after a thunk middleware given `dependencies`).
    static func store(
        _ listeners: ListenerMiddleware<Int>, log: Recorder<String> = Recorder(),
        dependencies: EffectDependencies = EffectDependencies()
    ) -> SharedStore<Int> {
        SharedStore(
            createStore(
                { (state: Int?, action: any Action) -> Int in
                    if !(action is DefaultAction) { log.append(action.type) }
                    return counterReducer(state, action)
                }, 0,
                applyMiddleware(
                    thunkMiddleware(dependencies: dependencies), listeners.middleware())))
    }
}
