import Foundation
import ReduxKitLinux
import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

/// A non-exhaustive test store, effects skipped in flight, and what `dispatch`
/// returns (issue 23, item 4).
@Suite("TestStore exhaustivity", .hangSafetyNet)
struct TestStoreExhaustivityTests {
    typealias F = TestStoreFixtures

    /// Adds and renames in one action: two fields change.
    struct AddAndRename: Action {}

    static func reducer(_ state: inout F.Profile, _ action: any Action) {
        if action is AddAndRename {
            state.count += 1
            state.name = "both"
        }
        F.reducer(&state, action)
    }

    static func makeTestStore(_ failures: Recorder<String>, gate: Gate = Gate()) -> TestStore<F.Profile> {
        TestStore(
            initialState: F.Profile(), reducer: reducer,
            middleware: [thunkMiddleware(), F.listeners(clock: TestClock(), gate: gate)],
            onFailure: { failures.append($0) })
    }

    @Test func exhaustiveByDefaultEveryChangedFieldMustBeAsserted() {
        let failures = Recorder<String>()
        do {
            let test = Self.makeTestStore(failures)
            #expect(test.exhaustivity == .on)
            test.dispatch(AddAndRename()) { $0.name = "both" }
        }
        #expect(failures.values.count == 1)
        #expect(failures.values.first?.contains("count") == true)
    }

    @Test func offChecksOnlyWhatTheTestAssertsOnTheStateAfter() {
        let failures = Recorder<String>()
        do {
            let test = Self.makeTestStore(failures)
            test.exhaustivity = .off
            test.dispatch(AddAndRename()) { $0.name = "both" }  // count changed too: not checked
            test.dispatch(AddAndRename()) { $0.count = 2 }
            test.dispatch(AddAndRename()) { $0.count = 7 }  // wrong: fails
        }
        #expect(failures.values.count == 1)
        #expect(failures.values.first?.contains("count") == true)
    }

    @MainActor
    @Test func offPassesOverReceivedActionsUntilOneMatchesAndLeavesTheRestUnchecked() async {
        let failures = Recorder<String>()
        do {
            let test = Self.makeTestStore(failures)
            test.exhaustivity = .off
            test.dispatch(
                Thunk<F.Profile> { dispatch, _ in
                    _ = dispatch(F.Tag(tag: "a"))
                    _ = dispatch(F.Tag(tag: "b"))
                    _ = dispatch(F.Rename(name: "Ada"))
                    _ = dispatch(F.Tag(tag: "c"))
                })
            await test.receive(F.Rename.self) { $0.name = "Ada" }
            test.dispatch(F.Add(amount: 1)) { $0.count = 1 }  // with Tag(c) unasserted: fine when off
        }
        #expect(failures.values.isEmpty, "\(failures.values)")
    }

    @MainActor
    @Test func skippingInFlightEffectsCancelsThemSoTheTestEndsClean() async {
        let failures = Recorder<String>()
        let gate = Gate()
        do {
            let test = Self.makeTestStore(failures, gate: gate)
            test.dispatch(F.Hold())  // a listener effect waiting at a gate that never opens
            test.skipInFlightEffects()
            await test.finish()
        }
        #expect(failures.values.isEmpty, "\(failures.values)")
    }

    @MainActor
    @Test func dispatchReturnsAnAsyncThunksHandleToAwaitOrCancel() async throws {
        let failures = Recorder<String>()
        do {
            let test = Self.makeTestStore(failures)
            let handle = test.dispatch(F.loadName())
            #expect(try await handle.value == "Ada")
            await test.receive(F.loadName.pending) { $0.isLoading = true }
            await test.receive(F.loadName.fulfilled) { action, state in
                state.isLoading = false
                state.name = action.value
            }
            await test.finish()
        }
        #expect(failures.values.isEmpty, "\(failures.values)")
    }

    static let waitsAtAGate = AsyncThunk<F.Profile, Gate, String>("profile/gated") { gate, _ in
        try await gate.wait()
        return "never"
    }

    @MainActor
    @Test func aHandleDispatchReturnedCancelsTheRun() async {
        let failures = Recorder<String>()
        do {
            let test = Self.makeTestStore(failures)
            let handle = test.dispatch(Self.waitsAtAGate(Gate()))
            await test.receive(Self.waitsAtAGate.pending)
            handle.cancel()
            await test.receive(Self.waitsAtAGate.rejected)
            await test.finish()
        }
        #expect(failures.values.isEmpty, "\(failures.values)")
    }
}
