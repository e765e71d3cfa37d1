import Foundation
import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinuxEffects

/// EffectDependencies changed in the middle of a test (issue 23, item 4): the
/// middleware's copy reads the overrides at each read.
@Suite("Dependency overrides")
struct DependencyOverridesTests {
    enum GreetingKey: EffectDependencyKey {
        static let defaultValue = "live"
    }

    struct Greeted: Action { let greeting: String }

    @Test @MainActor func anEffectReadsAValueChangedAfterTheMiddlewareTookItsCopy() async throws {
        var dependencies = EffectDependencies()
        dependencies[GreetingKey.self] = "first"
        let overrides = dependencies.allowingOverrides()
        let greet = AsyncThunk<[String], Void, String>("greet") { _, context in
            context.dependencies[GreetingKey.self]
        }
        let store = createStore(
            { (state: inout [String], action: any Action) in
                if let done = greet.fulfilled(action) { state.append(done.value) }
            }, [], applyMiddleware(thunkMiddleware(dependencies: dependencies)))
        _ = try await store.dispatch(greet()).value
        overrides[GreetingKey.self] = "second"
        _ = try await store.dispatch(greet()).value
        overrides[GreetingKey.self] = nil
        _ = try await store.dispatch(greet()).value
        #expect(store.state == ["first", "second", "first"])
    }

    @Test func theBuiltInValuesCanBeOverriddenAndTheOverridesAreShared() {
        var dependencies = EffectDependencies()
        let overrides = dependencies.allowingOverrides()
        #expect(dependencies.allowingOverrides() === overrides)
        let copy = dependencies
        let fixed = UUID()
        overrides.uuid = { fixed }
        overrides.date = { Date(timeIntervalSince1970: 7) }
        overrides.clock = ImmediateTestingClock()
        #expect(copy.uuid() == fixed)
        #expect(copy.date() == Date(timeIntervalSince1970: 7))
        #expect(copy.clock is ImmediateTestingClock)
        #expect(overrides.clock is ImmediateTestingClock)
        overrides.clock = nil
        #expect(copy.clock is ContinuousClock)
    }

    @Test func anOverriddenValueIsNotReportedAsUnset() {
        let unset = Recorder<String>()
        var dependencies = EffectDependencies.failingWhenUnset { unset.append($0) }
        let overrides = dependencies.allowingOverrides()
        overrides[GreetingKey.self] = "set mid-test"
        #expect(dependencies[GreetingKey.self] == "set mid-test")
        #expect(unset.values.isEmpty)
        overrides[GreetingKey.self] = nil
        #expect(dependencies[GreetingKey.self] == "live")
        #expect(unset.values == ["GreetingKey"])
    }

    /// A clock of no importance: only its type is checked.
    struct ImmediateTestingClock: Clock {
        var now: ContinuousClock.Instant { ContinuousClock().now }
        var minimumResolution: Duration { .zero }
        func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {}
    }
}
