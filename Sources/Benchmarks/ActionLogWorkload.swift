import Foundation
import ReduxKitLinux
import ReduxKitLinuxDevtools

/// Workload 13: workload 1 with an ``ActionLog`` recording every dispatch to a
/// file; its floor column is workload 1's store with no log. The target is at
/// most 1 µs more a dispatch, amortised, for what the dispatch itself pays (a
/// burst within the log's 65,536-entry buffer, the log's thread writing
/// alongside on the other core); the first row, a million dispatches with
/// the final `flush()` counted, runs at the writer's pace (the store waits
/// for it once it is a buffer ahead) and gives the writer's throughput.
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

    /// Removes the log at `url` (and the files it keeps beside it), so a run
    /// starts with an empty log: a log appends a session at each launch.
    static func removeLog(_ url: URL) {
        let directory = url.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(url.lastPathComponent) || name == ".\(url.lastPathComponent).lock" {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// A logged store, and its log (on a file removed first).
    static func makeLoggedStore() -> (store: Store<Int>, log: ActionLog<Int>) {
        removeLog(file)
        let log = ActionLog<Int>(registry: registry, file: file)
        return (createStore(counter, nil, log.enhancer), log)
    }

    static func dispatch(_ count: Int, to store: Store<Int>) -> Int {
        for _ in 0..<count { store.dispatch(Add()) }
        return store.getState()
    }

    /// One row: with `countingTheFlush`, the time includes the final `flush()`
    /// (every line encoded and written: over more dispatches than the log's
    /// buffer holds, the writer's pace); without it, only the dispatches (for
    /// a burst that fits the buffer, the cost to a dispatch of handing its
    /// action to the writer).
    static func run(_ count: Int, runs: Int, countingTheFlush: Bool) -> Row {
        defer { removeLog(file) }
        let plain = Timing.of(runs: runs, setup: { createStore(counter, nil) }) { dispatch(count, to: $0) }
        let logged = Timing.of(runs: runs, setup: makeLoggedStore) { logged in
            let state = dispatch(count, to: logged.store)
            if countingTheFlush { logged.log.flush() }
            return state
        }
        let extra = Double((logged.median - plain.median).attoseconds) / 1e9 / Double(count)
        let seconds = Double(logged.median.attoseconds) / 1e18
        return Row(
            workload: countingTheFlush
                ? "13 \(count.formatted) dispatches with an action log, flushed at the end (the writer's pace)"
                : "13 \(count.formatted) dispatches with an action log, the flush not counted",
            store: logged, floor: plain,
            note: countingTheFlush
                ? String(format: "%.0f ns a dispatch more; the writer: %.0f lines/s", extra, Double(count) / seconds)
                : String(format: "%.0f ns a dispatch more; target ≤ 1 µs", extra))
    }
}
