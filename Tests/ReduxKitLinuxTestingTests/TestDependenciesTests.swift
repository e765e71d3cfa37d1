import Foundation
import ReduxKitLinux
import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// A dependency a test forgot to replace fails the test instead of calling the
/// live one (issue 23, item 4).
@Suite("Test dependencies", .hangSafetyNet)
struct TestDependenciesTests {
    typealias F = TestStoreFixtures

    enum GreetingKey: EffectDependencyKey {
        static var defaultValue: @Sendable () -> String { { "live" } }
    }

    @Test func readingAValueNeverSetIsReportedByNameAndGivesItsDefault() {
        let unset = Recorder<String>()
        var dependencies = EffectDependencies.failingWhenUnset { unset.append($0) }
        dependencies.clock = TestClock()
        _ = dependencies.clock
        _ = dependencies.uuid()
        #expect(dependencies[GreetingKey.self]() == "live")
        #expect(unset.values == ["uuid", "GreetingKey"])
        // Plain dependencies report nothing.
        _ = EffectDependencies().uuid()
    }

    static let makeID = AsyncThunk<F.Profile, Void, String>("profile/id") { _, context in
        context.dependencies.uuid().uuidString
    }

    @MainActor
    @Test func anEffectUsingADependencyTheTestDidNotSetFailsTheTest() async {
        let test = TestStore(
            initialState: F.Profile(), reducer: F.reducer,
            middleware: [thunkMiddleware(dependencies: EffectDependencies.test())])
        try? await withKnownIssue {
            _ = try await test.dispatch(Self.makeID()).value
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("the dependency uuid, which the test did not set") }
        }
        test.skipReceivedActions()
        await test.finish()
    }

    @MainActor
    @Test func aDependencyTheTestSetIsUsedWithoutAFailure() async throws {
        var dependencies = EffectDependencies.test()
        dependencies.uuid = { UUID(uuidString: "00000000-0000-0000-0000-000000000007")! }
        let test = TestStore(
            initialState: F.Profile(), reducer: F.reducer, middleware: [thunkMiddleware(dependencies: dependencies)])
        #expect(try await test.dispatch(Self.makeID()).value == "00000000-0000-0000-0000-000000000007")
        test.skipReceivedActions()
        await test.finish()
    }

    struct Ping: Action {}

    /// A listener whose effect waits on no clock does not read `clock`, so a
    /// test need not set one (TCA's ported Effects-Cancellation tests set only
    /// their fact client); a throttle, which times its window, does read it.
    @Test(arguments: [ListenerMiddleware<Int>.Policy.all, .latest, .leading])
    func aListenerThatWaitsOnNoClockDoesNotReadIt(policy: ListenerMiddleware<Int>.Policy) async {
        let unset = Recorder<String>()
        let dependencies = EffectDependencies.failingWhenUnset { unset.append($0) }
        let ran = Recorder<Int>()
        let listeners = ListenerMiddleware<Int>(dependencies: dependencies)
        listeners.addListener(for: Ping.self, policy: policy) { _, _ in ran.append(1) }
        let store = SharedStore(
            createStore({ (_: inout Int, _: any Action) in }, 0, applyMiddleware(listeners.middleware())))
        store.dispatch(Ping())
        _ = await ran.wait(forCount: 1)
        #expect(unset.values.isEmpty)

        listeners.addListener(for: Ping.self, policy: .throttle(.seconds(1))) { _, _ in }
        store.dispatch(Ping())
        #expect(unset.values == ["clock"])
    }
}
