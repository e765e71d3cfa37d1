/// How much a ``TestStore`` checks (TCA's `exhaustivity`).
public enum TestStoreExhaustivity: Sendable, Equatable {
    /// Every state change, every received action and every effect's end must
    /// be asserted. The default.
    case on
    /// Only what the test asserts is checked, for a test of one part of a big
    /// feature:
    ///
    /// - A `dispatch` or `receive` closure is applied to the state *after* the
    ///   action, and must leave it as it is: the fields it sets hold those
    ///   values, and the others may be anything. Write assignments
    ///   (`$0.count = 2`), not changes (`$0.count += 1`, which applied to the
    ///   state after would expect one more).
    /// - `receive` passes over received actions that do not match, until one does.
    /// - Actions left unasserted and effects still running fail nothing when
    ///   the test store goes away, and a `dispatch` does not require the actions
    ///   received before it to be asserted. (`finish` still waits for effects,
    ///   and fails if one is still running.)
    case off
}

extension TestStore {
    /// How much the test store checks: ``TestStoreExhaustivity/on`` (the
    /// default) or ``TestStoreExhaustivity/off``; changeable at any point of the test.
    public var exhaustivity: TestStoreExhaustivity {
        get { progress.withLock { $0.exhaustivity } }
        set { progress.withLock { $0.exhaustivity = newValue } }
    }

    /// Cancels every effect still running (TCA's `skipInFlightEffects()`), for
    /// a test that is done with them: `finish` and the test store's end then
    /// find none. The effects end as cancelled effects do (an async thunk's
    /// `rejected` with `wasCancelled`, which is received and must be asserted
    /// or skipped with ``skipReceivedActions()``).
    public func skipInFlightEffects() {
        store.cancelEffects()
    }

    /// The state `update` describes for `step`, by the test store's exhaustivity:
    /// applied to the state before (on) or after (off) the action.
    func expectedState(
        for step: ReductionRecorder<State>.Step, update: (inout State) -> Void
    ) -> State {
        var state = exhaustivity == .on ? step.before : step.after
        update(&state)
        return state
    }
}
