import ReduxKitLinux

/// The testing product's failure messages (the test store's and the test
/// clock's): a headline saying what failed, then the details, indented, one per
/// line.
enum TestStoreFailure {
    /// Received actions the test did not assert, `when` ("before dispatching
    /// X", "at the end of the test").
    static func unasserted<State>(_ steps: [ReductionRecorder<State>.Step], when: String) -> String {
        let headline =
            steps.count == 1
            ? "An action was received but not asserted \(when)"
            : "\(steps.count) actions were received but not asserted \(when)"
        return message(headline, details: steps.map { describe($0.action) })
    }

    /// The next received action is not the one expected.
    static func unexpected(_ action: any Action, expected: String) -> String {
        message("Expected to receive \(expected), but received \(action.type)", details: [describe(action)])
    }

    /// What an effect still running may wait for, and what ends each wait.
    static let whatRunningEffectsWaitFor =
        "If it sleeps on a TestClock, move that clock (await clock.advance(by:)). If it waits in a take or condition, "
        + "dispatch what it waits for. If it waits for a fake the test controls, answer it."

    /// No action came, and no effect is left running to send one (a wait
    /// without a timeout, which ends at the last effect's end).
    static func nothingReceivedAndNoEffectRunning(_ expected: String) -> String {
        message(
            "Expected to receive \(expected), but nothing was received",
            details: [
                "No effect is running, so none is coming: the effects that ran ended without dispatching it "
                    + "(or it was asserted already)."
            ])
    }

    /// No action came within the timeout the test gave, on the timeout clock.
    static func nothingReceived(_ expected: String, within timeout: Duration, running: Int) -> String {
        let detail =
            switch running {
            case 0: "No effect is running, so none is coming."
            case 1: "1 effect is still running. \(whatRunningEffectsWaitFor)"
            default: "\(running) effects are still running. \(whatRunningEffectsWaitFor)"
            }
        return message("Expected to receive \(expected), but nothing was received within \(timeout)", details: [detail])
    }

    /// No action came, and the effects still running did not end, before
    /// the hang net passed on the wall clock.
    static func nothingReceived(
        _ expected: String, hungFor limit: Duration, running: Int, startedBy starters: [String]
    ) -> String {
        var details = [hung(limit, waiter: "receive")]
        details.append(
            "\(running) \(running == 1 ? "effect is" : "effects are") still running, "
                + "started by: \(starters.isEmpty ? "no dispatch of the test" : starters.suffix(5).joined(separator: ", "))."
        )
        details.append(whatRunningEffectsWaitFor)
        return message("Expected to receive \(expected), but nothing was received: the wait hung", details: details)
    }

    /// What a wait that reached the test store's hang net says.
    static func hung(_ limit: Duration, waiter: String) -> String {
        "\(waiter) waited \(limit) of wall-clock time (the test store's hang net) and nothing ended the wait: "
            + "the effects wait for something that never comes."
    }

    /// A test clock's advance woke effects that did not reach their next
    /// known wait, nor end, within the hang net.
    static func advanceHung(_ limit: Duration, now: Duration, running: [String]) -> String {
        message(
            "TestClock.advance waited \(limit) of wall-clock time (the hang net) for the effects it woke, at \(now), "
                + "to run to their next wait",
            details: [
                "Still running: \(running.isEmpty ? "none" : running.joined(separator: ", ")).",
                "They await something outside the store and the clock (a fake the test controls, a stream, a real "
                    + "request). If the test provides it after the advance, run the advance in a task of its own "
                    + "(async let advanced: Void = clock.advance(by: ...)), provide it, then await advanced.",
            ])
    }

    /// The effects a dispatch started did not end within the timeout of
    /// their task's `finish`, or its hang net.
    static func taskNotFinished(_ action: String, effects: Int, within timeout: Duration) -> String {
        message(
            "The \(effects == 1 ? "effect" : "\(effects) effects") \(action) started did not end within \(timeout) "
                + "of wall-clock time",
            details: [
                "Receive what they dispatch, end them (move the test clock, dispatch what they take, open what they "
                    + "wait for), or cancel the dispatch's task (task.cancel()) before awaiting its finish."
            ])
    }

    /// Fewer sleeps than awaited came to the test clock within the timeout.
    static func sleepersTimedOut(
        awaited count: Int, within timeout: Duration, sleeping: Int, now: Duration, sleepCalls: Int,
        nextDeadline: Duration?
    ) -> String {
        message(
            "waitForSleepers: waited \(timeout) for \(count == 1 ? "1 sleeper" : "\(count) sleepers") on the TestClock, "
                + "but \(sleeping) \(sleeping == 1 ? "is" : "are") sleeping",
            details: [
                "now: \(now); sleeps begun so far: \(sleepCalls); next deadline: \(nextDeadline.map { "\($0)" } ?? "none").",
                "Does the code under test sleep on this clock (its EffectDependencies' clock, a Persistence's clock:), "
                    + "and has it got that far? A sleep the clock woke, or a cancelled one, no longer counts.",
            ])
    }

    /// The state after an action is not the one the test described.
    static func stateMismatch<State>(_ step: ReductionRecorder<State>.Step, expected: State, asserted: Bool) -> String {
        let lines = differences(expected: expected, actual: step.after)
        let headline =
            asserted
            ? "The state after \(step.action.type) is not as asserted"
            : "\(step.action.type) changed the state, but no change was asserted"
        return message(headline, details: lines.isEmpty ? ["the states differ, but no field shows it"] : lines)
    }

    /// Effects still running when the test ends.
    static func effectsStillRunning(_ count: Int, why: String, startedBy starters: [String]) -> String {
        let headline = count == 1 ? "1 effect still running" : "\(count) effects still running"
        var details = [why]
        if !starters.isEmpty {
            details.append("Dispatches that started effects: " + starters.suffix(5).joined(separator: ", ") + ".")
        }
        details.append(
            "Receive what they dispatch, end them (move the test clock, cancel their handles, open what they wait for), "
                + "or await finish().")
        return message(headline + " at the end of the test", details: details)
    }

    /// An effect read a dependency the test did not set (``/ReduxKitLinuxEffects/EffectDependencies/test(fileID:filePath:line:column:)``).
    static func unsetDependency(_ name: String) -> String {
        message(
            "An effect used the dependency \(name), which the test did not set",
            details: [
                "EffectDependencies.test() gives its default (the live one) and fails the test, so a forgotten replacement "
                    + "is seen: set it before handing the dependencies to the middleware (dependencies.\(name) = …)."
            ])
    }

    private static func message(_ headline: String, details: [String]) -> String {
        ([headline + ":"] + details.map { "  " + $0 }).joined(separator: "\n")
    }

    /// An action as the details show it: its description, cut at 200 characters.
    private static func describe(_ action: any Action) -> String {
        let text = String(describing: action)
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}
