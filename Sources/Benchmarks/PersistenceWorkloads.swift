import Foundation
import ReduxKitLinux
import ReduxKitLinuxDevtools

/// Workload 12 and the `--persistence-memory` and `--restore` modes: what
/// ``Persistence`` costs.
enum PersistenceWorkloads {
    typealias Increment = DispatchWorkloads.Increment

    /// A directory of its own for the benchmark's state files.
    static let directory: URL = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "reduxkit-benchmarks-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }()

    /// The resident set now, in bytes (from /proc/self/statm).
    static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The peak resident set so far, in bytes (getrusage).
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }

    /// Workload 12: workload 1 with a ``Persistence`` enhancer (the defaults:
    /// 300 ms debounce, 2 s maximum wait); its floor column is workload 1's
    /// store.
    static func dispatching(_ count: Int, runs: Int) -> Row {
        let file = directory.appendingPathComponent("counter.json")
        let makeStore = {
            createStore(DispatchWorkloads.counter, nil, Persistence<Int>(file: file).enhancer)
        }
        let plain = Timing.of(runs: runs, setup: { createStore(DispatchWorkloads.counter, nil) }) {
            DispatchWorkloads.dispatch(count, to: $0)
        }
        // The state restored from the last run's file is where the count starts: start
        // each run from 0 so the checksums match.
        let store = Timing.of(
            runs: runs,
            setup: { () -> Store<Int> in
                try? FileManager.default.removeItem(at: file)
                return makeStore()
            }
        ) { DispatchWorkloads.dispatch(count, to: $0) }
        try? FileManager.default.removeItem(at: file)
        return Row(
            workload: "12 workload 1 with Persistence (floor: workload 1's store)", store: store, floor: plain,
            note: "target ≤ 2x; memory: `--persistence-memory`")
    }

    /// `--persistence-memory N`: in a process of its own, the resident set
    /// before and after `count` dispatches to a store with a ``Persistence``
    /// (defaults: 300 ms debounce, 2 s maximum wait), and its peak.
    static func memory(dispatches count: Int) {
        do {
            let file = directory.appendingPathComponent("memory.json")
            let store = createStore(DispatchWorkloads.counter, nil, Persistence<Int>(file: file).enhancer)
            _ = DispatchWorkloads.dispatch(1_000, to: store)
            let before = residentBytes()
            let total = DispatchWorkloads.dispatch(count, to: store)
            let after = residentBytes()
            print(
                "\(count.formatted) dispatches with Persistence (state \(total)): resident set \(megabytes(before)) "
                    + "before, \(megabytes(after)) after (\(after >= before ? "+" : "")\(megabytes(after - before))), "
                    + "peak \(megabytes(peakResidentBytes()))")
        }
        // The store is gone, and saved its state: the directory can go.
        try? FileManager.default.removeItem(at: directory)
    }

    /// One item of the large state `--restore` reads.
    struct Todo: Codable, Sendable {
        var id: Int
        var title: String
        var done: Bool
        var tags: [String]
    }

    /// `--restore-make PATH MB`: writes a state file of about `megabytes` MB
    /// as Persistence saves it, for `--restore` (run separately, so its peak
    /// memory is the restore's alone).
    static func makeRestoreFile(at path: String, megabytes size: Int) {
        let count = size * 1_048_576 / 115  // about 115 bytes of JSON a todo
        let todos = (0..<count).map { index in
            Todo(
                id: index, title: "Todo number \(index), to be done before the end of the week",
                done: index % 3 == 0, tags: index % 2 == 0 ? ["home"] : ["work", "urgent"])
        }
        let persistence = Persistence<[Todo]>(file: URL(fileURLWithPath: path))
        let store = createStore({ (state: [Todo]?, _: any Action) in state ?? [] }, todos, persistence.enhancer)
        store.dispatch(DefaultAction())
        persistence.flush()
        let written = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        print("wrote \(count.formatted) todos, \(megabytes(written)), to \(path)")
    }

    /// `--restore PATH`: times creating a store that restores the state in
    /// `PATH`, and prints the resident set before and the peak after.
    static func restore(from path: String) {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let before = residentBytes()
        let clock = ContinuousClock()
        let start = clock.now
        let persistence = Persistence<[Todo]>(file: URL(fileURLWithPath: path))
        let store = createStore({ (state: [Todo]?, _: any Action) in state ?? [] }, nil, persistence.enhancer)
        let elapsed = clock.now - start
        let peak = peakResidentBytes()
        print(
            "restored \(store.state.count.formatted) todos from \(megabytes(size)) in \(elapsed.formatted); "
                + "resident set before \(megabytes(before)), peak \(megabytes(peak)) "
                + String(format: "(peak − before = %.2fx the file)", Double(peak - before) / Double(max(size, 1))))
    }
}
