import Foundation
import ReduxKitLinux
import ReduxKitLinuxDevtools

/// Workload 18: what issue 22's devtools cost. Each durability's cost to a
/// dispatch (floor: the same store with no log); recording state changes
/// (small and 10^5-element states, the writer's pace counted); crash
/// recovery of 10^5 logged actions; and the inspector page of 10^5 actions.
enum DevtoolsSessionWorkloads {
    typealias Add = ActionLogWorkload.Add

    static let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "reduxkitlinux-benchmark-sessions-\(getpid()).jsonl")

    static func plain(_ count: Int, runs: Int) -> Timing {
        Timing.of(runs: runs, setup: { createStore(ActionLogWorkload.counter, nil) }) {
            ActionLogWorkload.dispatch(count, to: $0)
        }
    }

    /// `count` dispatches to a store whose log has `durability`, the final flush not counted.
    static func durability(_ durability: ActionLogDurability, name: String, _ count: Int, runs: Int) -> Row {
        defer { ActionLogWorkload.removeLog(file) }
        let logged = Timing.of(
            runs: runs,
            setup: { () -> (Store<Int>, ActionLog<Int>) in
                ActionLogWorkload.removeLog(file)
                let log = ActionLog<Int>(registry: ActionLogWorkload.registry, file: file, durability: durability)
                return (createStore(ActionLogWorkload.counter, nil, log.enhancer), log)
            }
        ) { ActionLogWorkload.dispatch(count, to: $0.0) }
        let floor = plain(count, runs: runs)
        let extra = Double((logged.median - floor.median).attoseconds) / 1e9 / Double(count)
        return Row(
            workload: "18 \(count.formatted) dispatches, action log durability \(name)", store: logged, floor: floor,
            note: String(format: "%.0f ns a dispatch more", extra))
    }

    /// A state of `size` counters; `Add` bumps the first.
    struct Counters: Codable, Sendable {
        var values: [Int]
    }

    static func counters(_ state: inout Counters, _ action: any Action) {
        if let add = action as? Add { state.values[0] &+= add.by }
    }

    /// `count` dispatches with state changes recorded, on a state of `size`
    /// counters; with `countingTheFlush`, the final flush is timed (the
    /// writer's pace), otherwise only what the dispatches pay.
    static func stateChanges(size: Int, _ count: Int, runs: Int, countingTheFlush: Bool) -> Row {
        defer { ActionLogWorkload.removeLog(file) }
        func store(recording: Bool) -> (Store<Counters>, ActionLog<Counters>) {
            ActionLogWorkload.removeLog(file)
            let log = ActionLog<Counters>(
                registry: ActionLogWorkload.registry, file: file, recordingStateChanges: recording)
            return (createStore(counters, Counters(values: Array(repeating: 0, count: size)), log.enhancer), log)
        }
        func run(_ logged: (Store<Counters>, ActionLog<Counters>)) -> Int {
            for _ in 0..<count { logged.0.dispatch(Add()) }
            if countingTheFlush { logged.1.flush() }
            return logged.0.state.values[0]
        }
        let recording = Timing.of(runs: runs, setup: { store(recording: true) }, run)
        let floor = Timing.of(runs: runs, setup: { store(recording: false) }, run)
        let extra = Double((recording.median - floor.median).attoseconds) / 1e9 / Double(count)
        return Row(
            workload: "18 \(count.formatted) dispatches recording state changes, \(size.formatted) counters"
                + (countingTheFlush ? ", flushed (the writer's pace)" : ", the flush not counted"),
            store: recording, floor: floor,
            note: Duration.nanoseconds(Int64(extra)).formatted + " a dispatch more; floor: the log without changes")
    }

    /// Writes a log of one session of `count` Add actions (each `by: 1`).
    static func writeLog(_ count: Int, recordingChanges: Bool) {
        ActionLogWorkload.removeLog(file)
        let log = ActionLog<Int>(
            registry: ActionLogWorkload.registry, file: file, recordingStateChanges: recordingChanges)
        let store = createStore(ActionLogWorkload.counter, nil, log.enhancer)
        _ = ActionLogWorkload.dispatch(count, to: store)
        log.flush()
    }

    /// Crash recovery of a log of `count` actions and no saved state.
    static func recovery(_ count: Int, runs: Int) -> Row {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "reduxkitlinux-benchmark-recovery-\(getpid())")
        defer {
            try? FileManager.default.removeItem(at: directory)
            ActionLogWorkload.removeLog(file)
        }
        writeLog(count, recordingChanges: false)
        let recovered = Timing.of(
            runs: runs,
            setup: { () -> CrashRecovery<Int> in
                try? FileManager.default.removeItem(at: directory)
                try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                let log = directory.appendingPathComponent("log.jsonl")
                try? FileManager.default.copyItem(at: file, to: log)
                return CrashRecovery(
                    persistence: Persistence(file: directory.appendingPathComponent("state.json")),
                    log: ActionLog(registry: ActionLogWorkload.registry, file: log))
            }
        ) { recovery in
            createStore(ActionLogWorkload.counter, nil, recovery.enhancer).getState()
        }
        let floor = Timing.of(runs: runs, setup: {}) { _ in
            var state = 0
            for _ in 0..<count { state = ActionLogWorkload.counter(state, Add()) }
            return state
        }
        return Row(
            workload: "18 crash recovery of \(count.formatted) logged actions (read, decode, replay)", store: recovered,
            floor: floor, note: "floor: the reducer alone")
    }

    /// The inspector page of a log of `count` actions with their state changes.
    static func inspectorPage(_ count: Int, runs: Int) -> Row {
        let page = file.appendingPathExtension("html")
        defer {
            try? FileManager.default.removeItem(at: page)
            ActionLogWorkload.removeLog(file)
        }
        writeLog(count, recordingChanges: true)
        var bytes = 0
        let made = Timing.of(runs: runs, setup: {}) { _ in
            let summary = try? ActionLogInspector.writePage(forLogAt: file, to: page, title: "benchmark")
            bytes = summary?.bytes ?? 0
            return summary?.entries ?? -1
        }
        let floor = Timing.of(runs: runs, setup: {}) { _ in
            (try? ActionLogSessions.read(at: file))?.sessions.first?.entries ?? -1
        }
        return Row(
            workload: "18 inspector page of \(count.formatted) logged actions with their changes", store: made,
            floor: floor,
            note: String(format: "%.1f MB page; floor: reading the log's sessions", Double(bytes) / 1e6))
    }
}
