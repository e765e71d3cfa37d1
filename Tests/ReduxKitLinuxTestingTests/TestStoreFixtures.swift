import Foundation
import ReduxKitLinux
import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting

/// The state, actions, thunks and listeners the TestStore and TestClock tests share.
enum TestStoreFixtures {
    struct Profile: Equatable, Sendable {
        var count = 0
        var name = ""
        var isLoading = false
        var tags: [String] = []
    }

    struct Add: Action { let amount: Int }
    struct Rename: Action { let name: String }
    struct Tag: Action { let tag: String }
    struct Ignored: Action {}
    /// Starts the listener effects of ``listeners(clock:gate:)``.
    struct Start: Action {}
    /// Starts a listener effect that waits at a gate.
    struct Hold: Action {}
    /// What the delayed listener dispatches.
    struct Done: Action { let name: String }

    typealias LoadName = AsyncThunk<Profile, Void, String>

    static let loadName = LoadName("profile/load") { _, _ in "Ada" }

    /// Waits 200 ms on the dependencies' clock, then gives a name.
    static let loadSlowly = LoadName("profile/loadSlowly") { _, context in
        try await context.dependencies.clock.sleep(for: .milliseconds(200))
        return "Grace"
    }

    static func reducer(_ state: inout Profile, _ action: any Action) {
        switch action {
        case let add as Add: state.count += add.amount
        case let rename as Rename: state.name = rename.name
        case let tag as Tag: state.tags.append(tag.tag)
        case let done as Done: state.name = done.name
        default: break
        }
        for thunk in [loadName, loadSlowly] {
            if thunk.pending(action) != nil { state.isLoading = true }
            if let done = thunk.fulfilled(action) {
                state.isLoading = false
                state.name = done.value
            }
        }
    }

    /// EffectDependencies whose clock is `clock`.
    static func dependencies(clock: TestClock) -> EffectDependencies {
        var dependencies = EffectDependencies()
        dependencies.clock = clock
        return dependencies
    }

    /// Listeners: after `Start`, wait 200 ms on `clock` and dispatch `Done`
    /// (the effect that dispatches later); after `Hold`, wait at `gate`.
    static func listeners(clock: TestClock, gate: Gate) -> Middleware<Profile> {
        let listeners = ListenerMiddleware<Profile>(dependencies: dependencies(clock: clock))
        listeners.addListener(for: Start.self) { _, context in
            try await context.dependencies.clock.sleep(for: .milliseconds(200))
            _ = await context.dispatch(Done(name: "later"))
        }
        listeners.addListener(for: Hold.self) { _, _ in try await gate.wait() }
        return listeners.middleware()
    }

    /// A test store with the thunk middleware and the listeners, on `clock`,
    /// whose failures are collected in `failures` instead of failing the test.
    static func makeTestStore(
        _ failures: Recorder<String>, clock: TestClock = TestClock(), gate: Gate = Gate(),
        timeoutClock: any Clock<Duration> = ContinuousClock()
    ) -> TestStore<Profile> {
        TestStore(
            initialState: Profile(), reducer: reducer,
            middleware: [
                thunkMiddleware(dependencies: dependencies(clock: clock)),
                listeners(clock: clock, gate: gate),
            ],
            timeoutClock: timeoutClock, onFailure: { failures.append($0) })
    }
}
