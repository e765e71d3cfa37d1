import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// The polling-with-backoff recipe on a test clock: a fake client scripted to
/// fail twice then succeed; each wait is checked to the millisecond by moving
/// the clock to just before it ends, then to its end.
@Suite("Recipe: polling with backoff", .hangSafetyNet)
struct PollingRecipeTests {
    struct Unreachable: Error {}

    /// Answers with the scripted outcomes, in order; then keeps the last one.
    final class ScriptedStatusClient: StatusClient {
        private let script: Locked<[Result<String, Unreachable>]>
        let calls = Counter()

        init(_ script: [Result<String, Unreachable>]) {
            self.script = Locked(script)
        }

        func currentVersion() async throws -> String {
            calls.increment()
            return try script.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }.get()
        }
    }

    @Test func failuresBackOffTwiceAsLongEachTimeAndASuccessResetsIt() async {
        let clock = TestClock()
        let client = ScriptedStatusClient([.failure(Unreachable()), .failure(Unreachable()), .success("1.0")])
        var dependencies = EffectDependencies()
        dependencies.clock = clock
        dependencies.statusClient = client
        let test = TestStore(
            initialState: ServerStatus(), reducer: serverStatusReducer,
            middleware: [pollingListeners(dependencies).middleware()])

        test.dispatch(StartPolling()) { $0.isPolling = true }
        await test.receive(StatusFetchFailed.self) { $0.retryingIn = .seconds(1) }
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(999))
        #expect(client.calls.count == 1)
        await clock.advance(by: .milliseconds(1))
        await test.receive(StatusFetchFailed.self) { $0.retryingIn = .seconds(2) }
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(1_999))
        #expect(client.calls.count == 2)
        await clock.advance(by: .milliseconds(1))
        await test.receive(StatusFetched.self) {
            $0.version = "1.0"
            $0.retryingIn = nil
        }
        // Polling goes on every 5 seconds.
        await clock.waitForSleepers()
        await clock.advance(by: .seconds(5))
        await test.receive(StatusFetched.self)
        #expect(client.calls.count == 4)

        // Stopping cancels the loop mid-wait: nothing runs on, nothing more is sent.
        await clock.waitForSleepers()
        test.dispatch(StopPolling()) { $0.isPolling = false }
        await test.finish()
        await clock.advance(by: .seconds(60))
        #expect(client.calls.count == 4)
    }

    @Test func startingTwiceRunsOneLoop() async {
        let clock = TestClock()
        let client = ScriptedStatusClient([.success("2.0")])
        var dependencies = EffectDependencies()
        dependencies.clock = clock
        dependencies.statusClient = client
        let test = TestStore(
            initialState: ServerStatus(), reducer: serverStatusReducer,
            middleware: [pollingListeners(dependencies).middleware()])
        test.dispatch(StartPolling()) { $0.isPolling = true }
        await test.receive(StatusFetched.self) { $0.version = "2.0" }
        await clock.waitForSleepers()
        test.dispatch(StartPolling())  // ignored while the loop runs (.leading)
        await clock.advance(by: .seconds(5))
        await test.receive(StatusFetched.self)
        #expect(client.calls.count == 2)
        await clock.waitForSleepers()
        test.dispatch(StopPolling()) { $0.isPolling = false }
        await test.finish()
    }
}
