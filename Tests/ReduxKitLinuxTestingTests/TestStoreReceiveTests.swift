import ReduxKitLinux
import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// Receiving: by type or by a thunk's own matchers, with the action in hand,
/// waiting on a continuation with the timeout on the test store's clock.
@Suite("TestStore receive", .hangSafetyNet)
struct TestStoreReceiveTests {
    typealias Profile = TestStoreFixtures.Profile
    typealias Add = TestStoreFixtures.Add
    typealias Rename = TestStoreFixtures.Rename

    struct Found: Action { let names: [String] }

    @Test func theAssertionGetsTheReceivedActionByType() async {
        let failures = Recorder<String>()
        let test = TestStoreFixtures.makeTestStore(failures)
        test.dispatch(Thunk<Profile> { dispatch, _ in _ = dispatch(Rename(name: "Grace")) })
        await test.receive(Rename.self) { action, state in state.name = action.name }
        test.dispatch(Thunk<Profile> { dispatch, _ in _ = dispatch(Rename(name: "Ada")) })
        await test.receive(Rename.self) { action, state in state.name = action.name + "!" }
        #expect(
            failures.values == [
                "The state after Rename is not as asserted:\n  state.name: expected \"Ada!\", got \"Ada\""
            ])
    }

    @Test func aThunksOwnMatchersReceiveItsLifecycleTyped() async {
        let failures = Recorder<String>()
        let test = TestStoreFixtures.makeTestStore(failures)
        let load = TestStoreFixtures.loadName
        test.dispatch(load())
        await test.receive(load.pending) { $0.isLoading = true }
        await test.receive(load.fulfilled) { action, state in
            state.isLoading = false
            state.name = action.value
        }
        await test.finish()
        #expect(failures.values.isEmpty)
        #expect(test.state.name == "Ada")
    }

    @Test func aMatcherThatRefusesTheNextActionFailsNamingBoth() async {
        let failures = Recorder<String>()
        let test = TestStoreFixtures.makeTestStore(failures)
        let load = TestStoreFixtures.loadName
        test.dispatch(load())
        await test.receive(load.pending) { $0.isLoading = true }
        await test.receive(load.rejected)
        #expect(failures.count == 1)
        #expect(
            failures.values.first?.hasPrefix("Expected to receive Rejected, but received profile/load/fulfilled:\n  ")
                == true)
    }

    @Test func aPredicateAndADescriptionStillReceive() async {
        let failures = Recorder<String>()
        let test = TestStoreFixtures.makeTestStore(failures)
        test.dispatch(Thunk<Profile> { dispatch, _ in _ = dispatch(Add(amount: 2)) })
        await test.receive("an Add of 2", where: { ($0 as? Add)?.amount == 2 }) { $0.count = 2 }
        test.dispatch(Thunk<Profile> { dispatch, _ in _ = dispatch(Add(amount: 3)) })
        await test.receive("an Add of 2", where: { ($0 as? Add)?.amount == 2 }) { $0.count = 5 }
        #expect(failures.values == ["Expected to receive an Add of 2, but received Add:\n  Add(amount: 3)"])
    }

    /// `receive` parks on a continuation, its timeout asleep on the timeout
    /// clock; the action wakes it and the timeout's sleep is cancelled.
    @Test func receiveWaitsForAnActionWithoutPolling() async {
        let failures = Recorder<String>()
        let clock = TestClock()
        let timeoutClock = TestClock()
        let test = TestStoreFixtures.makeTestStore(failures, clock: clock, timeoutClock: timeoutClock)
        let load = TestStoreFixtures.loadSlowly
        test.dispatch(load())
        await test.receive(load.pending) { $0.isLoading = true }
        await clock.waitForSleepers()
        let receiving = Task {
            await test.receive(load.fulfilled, timeout: .seconds(5)) { action, state in
                state.isLoading = false
                state.name = action.value
            }
        }
        // The receive waits, its timeout asleep on the timeout clock.
        await timeoutClock.waitForSleepers()
        await clock.advance(by: .milliseconds(200))
        await receiving.value
        #expect(timeoutClock.sleeping == 0)
        #expect(timeoutClock.now == TestClock.Instant(offset: .zero))
        await test.finish()
        #expect(failures.values.isEmpty)
        #expect(test.state.name == "Grace")
    }

    @Test func receivingNothingFailsOnlyOnceTheTimeoutPassesOnTheTimeoutClock() async {
        let failures = Recorder<String>()
        let timeoutClock = TestClock()
        let test = TestStoreFixtures.makeTestStore(failures, timeoutClock: timeoutClock)
        let receiving = Task { await test.receive(Add.self, timeout: .seconds(5)) }
        await timeoutClock.waitForSleepers()
        await timeoutClock.advance(by: .milliseconds(4999))
        #expect(failures.values.isEmpty)
        await timeoutClock.advance(by: .milliseconds(1))
        await receiving.value
        #expect(
            failures.values == [
                "Expected to receive Add, but nothing was received within 5.0 seconds:\n"
                    + "  No effect is running, so none is coming."
            ])
    }

    @Test func aTimeoutWhileAnEffectRunsSaysSo() async {
        let failures = Recorder<String>()
        let clock = TestClock()
        let timeoutClock = TestClock()
        let test = TestStoreFixtures.makeTestStore(failures, clock: clock, timeoutClock: timeoutClock)
        test.dispatch(TestStoreFixtures.Start())
        let receiving = Task { await test.receive(TestStoreFixtures.Done.self, timeout: .seconds(1)) }
        await timeoutClock.waitForSleepers()
        await timeoutClock.advance(by: .seconds(1))
        await receiving.value
        #expect(
            failures.values == [
                "Expected to receive Done, but nothing was received within 1.0 seconds:\n"
                    + "  1 effect is still running. If it sleeps on a TestClock, move that clock (await clock.advance(by:)). "
                    + "If it waits in a take or condition, dispatch what it waits for. If it waits for a fake the test "
                    + "controls, answer it."
            ])
        // The listener's action, once its clock moves, is received after all.
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(200))
        await test.receive(TestStoreFixtures.Done.self) { $0.name = "later" }
        await test.finish()
        #expect(failures.count == 1)
    }

    @Test func aReceiveFailurePointsAtTheReceive() async {
        let lines = Recorder<Int>()
        await withKnownIssue {
            let test = TestStore(
                initialState: Profile(), reducer: TestStoreFixtures.reducer, middleware: [thunkMiddleware()])
            test.dispatch(Thunk<Profile> { dispatch, _ in _ = dispatch(Add(amount: 1)) })
            lines.append(#line + 1)
            await test.receive(Rename.self)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("Expected to receive Rename, but received Add:") }
                && issue.sourceLocation?.line == lines.values.first
                && issue.sourceLocation?.fileName == "TestStoreReceiveTests.swift"
        }
    }
}
