import Foundation
import ReduxKitLinux

/// A store for tests that checks every state change and every action effects
/// dispatch, exhaustively (as The Composable Architecture's `TestStore`).
///
/// ```swift
/// let test = TestStore(initialState: Counter(), reducer: counterReducer, middleware: [thunkMiddleware()])
/// test.dispatch(Increment()) { $0.count = 1 }         // passes only if exactly `count` became 1
/// test.dispatch(LoadProfile())                        // starts an async thunk
/// await test.receive(LoadProfile.Pending.self) { $0.isLoading = true }
/// await test.receive(LoadProfile.Fulfilled.self) { $0.isLoading = false; $0.name = "Ada" }
/// test.finish()
/// ```
///
/// `dispatch` runs the action through the middleware and the reducer, then
/// checks that the action's own reduction changed the state exactly as the
/// closure describes (no closure: no change). A mismatch fails the test with
/// the fields that differ, one per line. Actions that middleware or effects
/// dispatch in response are queued, in the order the reducer saw them, and each
/// must be asserted with `receive` (which waits for actions effects dispatch
/// later). Dispatching with actions left unasserted fails, and so does
/// `finish()` or the test store going away with any left. Failures go to Swift
/// Testing when it runs the test, and to XCTest otherwise.
///
/// The store under test is a ``SharedStore``, so effects dispatch back through
/// its lock wherever the test runs. Its reducer and middleware are handed over
/// (`sending`): in a `@MainActor` test, create the thunk middleware with
/// `thunkMiddleware(isolation: nil)` (one created on the main actor belongs to
/// it, and could not be handed over).
public final class TestStore<State: Equatable & Sendable>: Sendable {
    /// The store under test.
    public let store: SharedStore<State>
    private let recorder: ReductionRecorder<State>
    private let onFailure: (@Sendable (String) -> Void)?

    /// Creates a test store around a reducer (in-place) and its middleware.
    ///
    /// - Parameters:
    ///   - initialState: The state to start from.
    ///   - reducer: The reducer under test.
    ///   - middleware: The middleware, outermost first (`thunkMiddleware()`, listeners…).
    ///   - onFailure: Receives failure messages instead of the running test
    ///     (for testing tools built on this); `nil` fails the test.
    public init(
        initialState: State,
        reducer: sending @escaping InPlaceReducer<State>,
        middleware: sending [Middleware<State>] = [],
        onFailure: (@Sendable (String) -> Void)? = nil
    ) {
        let recorder = ReductionRecorder(initialState: initialState)
        let base = createStore(reducer, initialState)
        // Subscribed first, so it sees each reduction's state before any other
        // subscriber can dispatch again.
        base.subscribe { state in recorder.reduced(to: state) }
        self.recorder = recorder
        self.onFailure = onFailure
        self.store = SharedStore(applyMiddleware([recorder.outermost] + middleware + [recorder.innermost], to: base))
    }

    /// Creates a test store around an optional-state reducer.
    ///
    /// - Parameters:
    ///   - initialState: The state to start from.
    ///   - reducer: The reducer under test.
    ///   - middleware: The middleware, outermost first (`thunkMiddleware()`, listeners…).
    ///   - onFailure: Receives failure messages instead of the running test
    ///     (for testing tools built on this); `nil` fails the test.
    public convenience init(
        initialState: State,
        reducer: sending @escaping Reducer<State>,
        middleware: sending [Middleware<State>] = [],
        onFailure: (@Sendable (String) -> Void)? = nil
    ) {
        self.init(
            initialState: initialState,
            reducer: { state, action in state = reducer(state, action) },
            middleware: middleware,
            onFailure: onFailure)
    }

    deinit {
        let left = recorder.takeReceived()
        if !left.isEmpty { fail(Self.unasserted(left), at: CallSite()) }
    }

    /// The store's current state.
    public var state: State { store.state }

    /// Dispatches `action` and checks the state change of its own reduction.
    ///
    /// - Parameters:
    ///   - action: The action to dispatch.
    ///   - update: Describes the change, on the state before the action; leave
    ///     it out when the action must not change the state.
    ///   - fileID: Where the assertion is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    public func dispatch(
        _ action: any Action, assert update: ((inout State) -> Void)? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let left = recorder.received
        if !left.isEmpty {
            fail("Dispatching \(action.type) before asserting what was received: " + Self.unasserted(left), at: site)
        }
        recorder.beginOwnDispatch()
        store.dispatch(action)
        let own = recorder.endOwnDispatch()
        guard let own else {
            if update != nil {
                fail("\(action.type) never reached the reducer, so the state did not change as asserted.", at: site)
            }
            return
        }
        check(own, update: update, at: site)
    }

    /// Waits for the next action middleware or effects dispatched (up to
    /// `timeout`), checks it is an `A`, and checks its state change.
    ///
    /// - Parameters:
    ///   - type: The action type expected next.
    ///   - timeout: How long to wait for it.
    ///   - update: Describes the change, on the state before the action; leave
    ///     it out when it must not change the state.
    ///   - fileID: Where the assertion is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    ///   - isolation: Where the test runs (filled in for you), so the
    ///     assertion closure need not be `Sendable` in a `@MainActor` test.
    public func receive<A: Action>(
        _ type: A.Type, timeout: Duration = .seconds(5), assert update: ((inout State) -> Void)? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await receive(
            String(describing: type), timeout: timeout, matching: { $0 is A }, assert: update,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), isolation: isolation)
    }

    /// Waits for the next action middleware or effects dispatched, checks that
    /// `predicate` accepts it, and checks its state change.
    ///
    /// - Parameters:
    ///   - description: Names the expected action in failure messages.
    ///   - timeout: How long to wait for it.
    ///   - predicate: Accepts the expected action.
    ///   - update: Describes the change, on the state before the action; leave
    ///     it out when it must not change the state.
    ///   - fileID: Where the assertion is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    ///   - isolation: Where the test runs (filled in for you), so the closures
    ///     need not be `Sendable` in a `@MainActor` test.
    public func receive(
        _ description: String, timeout: Duration = .seconds(5), where predicate: @escaping (any Action) -> Bool,
        assert update: ((inout State) -> Void)? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await receive(
            description, timeout: timeout, matching: predicate, assert: update,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), isolation: isolation)
    }

    /// Drops every received action not yet asserted (for tests that do not
    /// care about them); `finish` then passes.
    public func skipReceivedActions() {
        _ = recorder.takeReceived()
    }

    /// Fails the test if any received action is left unasserted.
    ///
    /// - Parameters:
    ///   - fileID: Where the assertion is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    public func finish(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let left = recorder.takeReceived()
        if !left.isEmpty {
            fail(Self.unasserted(left), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }
    }

    // MARK: - Checking

    private func receive(
        _ expected: String, timeout: Duration, matching predicate: (any Action) -> Bool,
        assert update: ((inout State) -> Void)?, at site: CallSite, isolation: isolated (any Actor)?
    ) async {
        guard let step = await nextReceived(within: timeout) else {
            fail("Expected to receive \(expected), but nothing was received within \(timeout).", at: site)
            return
        }
        guard predicate(step.action) else {
            fail("Expected to receive \(expected), but received \(step.action.type).", at: site)
            return
        }
        check(step, update: update, at: site)
    }

    /// The next received action's step, waiting up to `timeout` for one; `nil` if none came.
    private func nextReceived(within timeout: Duration) async -> ReductionRecorder<State>.Step? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let step = recorder.popReceived() { return step }
            guard ContinuousClock.now < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    private func check(_ step: ReductionRecorder<State>.Step, update: ((inout State) -> Void)?, at site: CallSite) {
        var expected = step.before
        update?(&expected)
        guard expected != step.after else { return }
        let lines = differences(expected: expected, actual: step.after)
        let body = lines.isEmpty ? ["the states differ, but no field shows it"] : lines
        let what =
            update == nil
            ? "\(step.action.type) changed the state, but no change was asserted"
            : "The state after \(step.action.type) is not as asserted"
        fail("\(what):\n" + body.map { "  " + $0 }.joined(separator: "\n"), at: site)
    }

    private func fail(_ message: String, at site: CallSite) {
        if let onFailure { onFailure(message) } else { failTest(message, at: site) }
    }

    private static func unasserted(_ steps: [ReductionRecorder<State>.Step]) -> String {
        "\(steps.count) received action(s) not asserted: " + steps.map(\.action.type).joined(separator: ", ")
    }
}
