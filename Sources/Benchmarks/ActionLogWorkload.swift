import Foundation
import ReduxKitLinux
import ReduxKitLinuxDevtools

/// Workload 13: workload 1 with an ``ActionLog`` recording every dispatch to a
/// file; its floor column is workload 1's store with no log. The target is at
/// most 1 µs more a dispatch, amortised: the first row counts the final
/// `flush()` (every line encoded and written), the second only the
/// dispatches (the log's thread writes alongside, on the other core).
enum ActionLogWorkload {
    struct Add: Action, Codable {
        var by = 1
    }

    static func counter(_ state: Int?, _ action: any Action) -> Int {
        let state = state ?? 0
        guard let add = action as? Add else { return state }
        return state &+ add.by
    }

    static var registry: ActionRegistry {
        var registry = ActionRegistry()
        registry.register(Add.self)
        return registry
    }

    static let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "reduxkitlinux-benchmark-\(getpid()).jsonl")

    /// A logged store, and its log (the file is emptied each time).
    static func makeLoggedStore() -> (store: Store<Int>, log: ActionLog<Int>) {
        let log = ActionLog<Int>(registry: registry, file: file)
        return (createStore(counter, nil, log.enhancer), log)
    }

    static func dispatch(_ count: Int, to store: Store<Int>) -> Int {
        for _ in 0..<count { store.dispatch(Add()) }
        return store.getState()
    }

    /// One row: with `countingTheFlush`, the time includes the final `flush()`.
    static func run(_ count: Int, runs: Int, countingTheFlush: Bool) -> Row {
        defer { try? FileManager.default.removeItem(at: file) }
        let plain = Timing.of(runs: runs, setup: { createStore(counter, nil) }) { dispatch(count, to: $0) }
        let logged = Timing.of(runs: runs, setup: makeLoggedStore) { logged in
            let state = dispatch(count, to: logged.store)
            if countingTheFlush { logged.log.flush() }
            return state
        }
        let extra = Double((logged.median - plain.median).attoseconds) / 1e9 / Double(count)
        return Row(
            workload: countingTheFlush
                ? "13 workload 1 with an action log, flushed at the end (floor: workload 1's store)"
                : "13 the same, the final flush not counted (the log's thread writes alongside)",
            store: logged, floor: plain,
            note: String(format: "%.0f ns a dispatch more; target ≤ 1 µs", extra))
    }
}
