import ReduxKitLinux

/// The test store's failure messages: a headline saying what failed, then the
/// details, indented, one per line.
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

    /// No action came within the timeout.
    static func nothingReceived(_ expected: String, within timeout: Duration, running: Int) -> String {
        let detail =
            switch running {
            case 0: "No effect is running, so none is coming."
            case 1: "1 effect is still running: move its clock, or wait longer."
            default: "\(running) effects are still running: move their clock, or wait longer."
            }
        return message("Expected to receive \(expected), but nothing was received within \(timeout)", details: [detail])
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
                + "or await finish(timeout:).")
        return message(headline + " at the end of the test", details: details)
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
