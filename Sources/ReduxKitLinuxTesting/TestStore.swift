import Foundation
import ReduxKitLinuxEffects

/// The testing product's hang net: how long a wait that no event ends lasts
/// on the wall clock (see ``TestStore/hangNet``).
let defaultHangNet = Duration.seconds(60)

/// A store for tests that checks every state change, every action effects
/// dispatch and every effect's end, exhaustively (as The Composable
/// Architecture's `TestStore`).
///
/// ```swift
/// let test = TestStore(initialState: Profile(), reducer: reducer, middleware: [thunkMiddleware()])
/// test.dispatch(Rename(name: "Ada")) { $0.name = "Ada" }   // passes only if exactly `name` became "Ada"
/// test.dispatch(loadProfile())                             // starts an async thunk
/// await test.receive(loadProfile.pending) { $0.isLoading = true }
/// await test.receive(loadProfile.fulfilled) { action, state in
///     state.isLoading = false
///     state.profile = action.value
/// }
/// await test.finish()                                      // every effect has ended
/// ```
///
/// `dispatch` runs the action through the middleware and the reducer, then
/// checks that the action's own reduction changed the state exactly as the
/// closure describes (no closure: no change). A mismatch fails the test with
/// the fields that differ, one per line. Actions that middleware or effects
/// dispatch in response are queued, in the order the reducer saw them, and each
/// must be asserted with `receive`, which waits for one without polling.
///
/// No verdict depends on elapsed time: `receive` ends when the action comes
/// or when no effect is left running that could send it, `finish` when the
/// effects end, and the test store's end waits for effects that are ending
/// (their last action sent, their task returning). A timeout is only ever
/// yours (`receive(_:timeout:)`, `finish(timeout:)`, measured on
/// `timeoutClock`); the one limit of the test store's own is its hang net
/// (``hangNet``, a minute of wall-clock time), which only a wait for an
/// effect that never ends reaches, and whose failure names the effects.
/// Dispatching with actions left unasserted fails; so does `finish` or the
/// test store going away with an action left unasserted or an effect its
/// middleware started (an async thunk, a listener's effect, what they start)
/// still running. Failures go to Swift
/// Testing when it runs the test, and to XCTest otherwise, at the test's own
/// line; each says first what failed, then the details.
///
/// The store under test is a ``/ReduxKitLinux/SharedStore``, so effects dispatch back through
/// its lock wherever the test runs. Its reducer and middleware are handed over
/// (`sending`); `thunkMiddleware()` and `listeners.middleware()` belong to no
/// actor, so a `@MainActor` test hands them over as any other test does.
public final class TestStore<State: Equatable & Sendable>: Sendable {
    /// The store under test.
    public let store: SharedStore<State>
    let recorder: ReductionRecorder<State>
    let onFailure: (@Sendable (String) -> Void)?
    /// What the timeouts given to receive and finish are measured on.
    let timeoutClock: any Clock<Duration>
    /// Where the test created the test store.
    let created: CallSite
    let progress = Locked(Progress())

    /// What the test has done so far, for the checks at its end.
    struct Progress: Sendable {
        /// Where the last assertion (dispatch, receive, finish) was written.
        var lastSite: CallSite?
        /// Whether running effects were already reported (by a `finish`) since the last dispatch.
        var reportedEffects = false
        /// The test's dispatches that started effects, as `Action (File.swift:12)`.
        var effectStarters: [String] = []
        /// How much the test store checks.
        var exhaustivity = TestStoreExhaustivity.on
    }

    /// How long, on the wall clock, a wait of the test store (`receive`,
    /// `finish`, the checks at the end of the test) lasts at most when no
    /// event ends it: a hang net, not a timing. Every wait ends on an event
    /// (the action received, the last effect's end); only a wait for an
    /// effect that never ends (it waits for something the test never does)
    /// reaches it, and the failure then names the effects still running. A
    /// minute is far above any wait a passing test makes, even on a loaded
    /// machine under the thread sanitizer.
    public static var hangNet: Duration { defaultHangNet }

    /// This test store's hang net (``hangNet`` unless a test of the testing
    /// product shortens it).
    let wallClockLimit = Locked(TestStore.hangNet)

    /// Creates a test store around a reducer (in-place) and its middleware.
    ///
    /// - Parameters:
    ///   - initialState: The state to start from.
    ///   - reducer: The reducer under test.
    ///   - middleware: The middleware, outermost first (`thunkMiddleware()`, listeners…).
    ///   - timeoutClock: What the timeouts given to `receive` and
    ///     `finish(timeout:)` are measured on: the wall clock by default; a
    ///     ``TestClock`` makes a timeout pass only when the test moves it.
    ///     Without a timeout, those waits end on events and need no clock.
    ///   - onFailure: Receives failure messages instead of the running test
    ///     (for testing tools built on this); `nil` fails the test.
    ///   - fileID: Where the test creates it (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    public init(
        initialState: State,
        reducer: sending @escaping InPlaceReducer<State>,
        middleware: sending [Middleware<State>] = [],
        timeoutClock: any Clock<Duration> = ContinuousClock(),
        onFailure: (@Sendable (String) -> Void)? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let recorder = ReductionRecorder(initialState: initialState)
        let base = createStore(reducer, initialState)
        // Subscribed first, so it sees each reduction's state before any other
        // subscriber can dispatch again.
        base.subscribe { state in recorder.reduced(to: state) }
        self.recorder = recorder
        self.onFailure = onFailure
        self.timeoutClock = timeoutClock
        self.created = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        self.store = SharedStore(applyMiddleware([recorder.outermost] + middleware + [recorder.innermost], to: base))
    }

    /// Creates a test store around an optional-state reducer.
    ///
    /// - Parameters:
    ///   - initialState: The state to start from.
    ///   - reducer: The reducer under test.
    ///   - middleware: The middleware, outermost first (`thunkMiddleware()`, listeners…).
    ///   - timeoutClock: What the timeouts given to `receive` and
    ///     `finish(timeout:)` are measured on: the wall clock by default.
    ///   - onFailure: Receives failure messages instead of the running test
    ///     (for testing tools built on this); `nil` fails the test.
    ///   - fileID: Where the test creates it (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    public convenience init(
        initialState: State,
        reducer: sending @escaping Reducer<State>,
        middleware: sending [Middleware<State>] = [],
        timeoutClock: any Clock<Duration> = ContinuousClock(),
        onFailure: (@Sendable (String) -> Void)? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.init(
            initialState: initialState,
            reducer: { state, action in state = reducer(state, action) },
            middleware: middleware,
            timeoutClock: timeoutClock,
            onFailure: onFailure,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The end of the test: fails if an effect is still running or an action
    /// was left unasserted, at the test's last assertion (or where it created
    /// the test store).
    deinit {
        let (site, reported, exhaustive) = progress.withLock {
            ($0.lastSite ?? created, $0.reportedEffects, $0.exhaustivity == .on)
        }
        guard exhaustive else {
            store.cancelEffects()
            return
        }
        let running = reported ? 0 : runningEffectsOnceEnded()
        let left = recorder.takeReceived()
        if !left.isEmpty { fail(TestStoreFailure.unasserted(left, when: "at the end of the test"), at: site) }
        if running > 0 {
            fail(
                effectsStillRunning(
                    running, why: "The test store went away while they ran (created at \(created)); they are cancelled."
                ),
                at: site)
        }
        // Nothing of this test keeps running into the next one.
        store.cancelEffects()
    }

    /// The store's current state.
    public var state: State { store.state }

    /// Dispatches `action` and checks the state change of its own reduction.
    /// Returns the effects it started (``TestStoreTask``: cancel them, await
    /// their end) with what the store's dispatch returned.
    ///
    /// - Parameters:
    ///   - action: The action to dispatch.
    ///   - update: Describes the change, on the state before the action; leave
    ///     it out when the action must not change the state.
    ///   - fileID: Where the assertion is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    /// - Returns: The effects the dispatch started, and what it returned.
    @_disfavoredOverload
    @discardableResult
    public func dispatch(
        _ action: any Action, assert update: ((inout State) -> Void)? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> TestStoreTask {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        progress.withLock {
            $0.lastSite = site
            $0.reportedEffects = false
        }
        let left = recorder.takeReceived()
        if !left.isEmpty && exhaustivity == .on {
            fail(TestStoreFailure.unasserted(left, when: "before dispatching \(action.type)"), at: site)
        }
        let effectsBefore = store.runningEffectCount
        recorder.beginOwnDispatch()
        let collector = EffectCollector()
        let returned = EffectCollector.$current.withValue(collector) { store.dispatch(action) }
        collector.close()
        let result = TestStoreTask(returned: returned, collected: collector, onFailure: onFailure)
        let own = recorder.endOwnDispatch()
        if store.runningEffectCount > effectsBefore {
            progress.withLock { $0.effectStarters.append("\(action.type) (\(site))") }
        }
        guard let own else {
            if update != nil {
                fail("\(action.type) never reached the reducer, so the state did not change as asserted.", at: site)
            }
            return result
        }
        check(own, expected: expectedState(for: own, update: { update?(&$0) }), asserted: update != nil, at: site)
        return result
    }

    /// Drops every received action not yet asserted (for tests that do not
    /// care about them); `finish` then passes, unless an effect still runs.
    public func skipReceivedActions() {
        _ = recorder.takeReceived()
    }

    // MARK: - Checking

    /// Checks that `step` produced `expected`.
    func check(_ step: ReductionRecorder<State>.Step, expected: State, asserted: Bool, at site: CallSite) {
        guard expected != step.after else { return }
        fail(TestStoreFailure.stateMismatch(step, expected: expected, asserted: asserted), at: site)
    }

    func fail(_ message: String, at site: CallSite) {
        if let onFailure { onFailure(message) } else { failTest(message, at: site) }
    }

    /// Sets the test store's hang net (``hangNet`` unless set): for the
    /// testing product's own tests of waits that never end.
    ///
    /// - Parameter limit: The longest wait, on the wall clock.
    package func limitWallClockWaits(to limit: Duration) {
        wallClockLimit.withLock { $0 = limit }
    }

    /// How long a wait lasts at most when no event ends it (the hang net).
    var hangNet: Duration { wallClockLimit.withLock { $0 } }

    /// The test's dispatches that started effects, as `Action (File.swift:12)`.
    var effectStarters: [String] { progress.withLock { $0.effectStarters } }

    /// Notes an assertion's call site (where the end-of-test checks point).
    func note(_ site: CallSite) {
        progress.withLock { $0.lastSite = site }
    }
}
