import Foundation
import ReduxKitLinux
import ReduxKitLinuxDevtools

/// Workload 21 (issue 34): crash recovery's start-up against the log's size.
/// A launch logs actions to one file (no rotation) and saves the state after
/// the last, so a recovery has nothing to replay; the row times the recovery
/// (the store's creation, not its teardown) at a large log against a 2 MB one
/// (the target: at most 1.5x). The second row replays the actions logged after
/// a saved state, for its pace in entries a second (the target: 100,000).
enum RecoveryWorkloads {
    typealias Add = ActionLogWorkload.Add

    static let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "reduxkitlinux-benchmark-recovery21-\(getpid())")

    /// The files of a launch in `folder`: a state file and a log.
    struct Files {
        let folder: URL
        var state: URL { folder.appendingPathComponent("state.json") }
        var log: URL { folder.appendingPathComponent("log.jsonl") }

        func launch() -> (CrashRecovery<Int>, Persistence<Int>) {
            let persistence = Persistence<Int>(file: state, debounce: .seconds(3_600))
            // One file, not rotated: the worst case for a recovery that would read it all.
            let log = ActionLog<Int>(registry: ActionLogWorkload.registry, file: log, rotation: nil)
            return (CrashRecovery(persistence: persistence, log: log), persistence)
        }
    }

    /// Leaves in `files` what a launch killed after logging about `bytes` of
    /// actions, saving the state, then logging `after` more leaves (the
    /// launch runs in a folder beside it, copied while its store lives).
    static func write(_ files: Files, bytes: Int, after: Int = 0) {
        let live = Files(folder: files.folder.appendingPathExtension("live"))
        try? FileManager.default.removeItem(at: files.folder)
        try? FileManager.default.removeItem(at: live.folder)
        try? FileManager.default.createDirectory(at: live.folder, withIntermediateDirectories: true)
        let (recovery, persistence) = live.launch()
        let store = createStore(ActionLogWorkload.counter, nil, recovery.enhancer)
        while size(of: live.log) < bytes {
            for _ in 0..<10_000 { store.dispatch(Add()) }
            recovery.log.flush()
        }
        persistence.flush()
        for _ in 0..<after { store.dispatch(Add()) }
        recovery.log.flush()
        try? FileManager.default.copyItem(at: live.folder, to: files.folder)
        withExtendedLifetime(store) {}
    }

    static func size(of file: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int) ?? 0
    }

    /// The files to recover from (`source`, or a copy of it), and somewhere to
    /// keep the store until the timing ends.
    final class Run {
        let files: Files
        var kept: [AnyObject] = []
        init(_ source: Files, copy index: Int?) {
            guard let index else {
                files = source
                return
            }
            files = Files(folder: directory.appendingPathComponent("run-\(index)"))
            try? FileManager.default.removeItem(at: files.folder)
            try? FileManager.default.copyItem(at: source.folder, to: files.folder)
            sync()  // the copy's pages written out before the timing, not during it
        }
    }

    /// Times recoveries from copies of `source`, or (`inPlace`) from `source`
    /// itself, each run recovering what the one before left (a recovery that
    /// replays nothing leaves nothing to replay). The checksum is the state,
    /// or with `countingReplayed`, the entries replayed.
    static func recoveries(of source: Files, runs: Int, inPlace: Bool = false, countingReplayed: Bool = false)
        -> (Timing, CrashRecoveryReport?)
    {
        var last: CrashRecoveryReport?
        var index = 0
        let timing = Timing.of(
            runs: runs,
            setup: { () -> Run in
                index += 1
                return Run(source, copy: inPlace ? nil : index)
            }
        ) { run in
            let (recovery, persistence) = run.files.launch()
            let store = createStore(ActionLogWorkload.counter, nil, recovery.enhancer)
            run.kept = [store, persistence, recovery]
            last = recovery.report
            return countingReplayed ? recovery.report?.replayed ?? -1 : store.getState()
        }
        return (timing, last)
    }

    /// What launches killed after logging 2 MB and `megabytes` MB (saving the state at the end) leave.
    static func smallAndLarge(megabytes: Int) -> (small: Files, large: Files) {
        let small = Files(folder: directory.appendingPathComponent("small"))
        let large = Files(folder: directory.appendingPathComponent("large"))
        write(small, bytes: 2_000_000)
        write(large, bytes: megabytes * 1_000_000)
        return (small, large)
    }

    /// Recovery with nothing to replay at a log of `megabytes` MB against one of 2 MB.
    static func nothingToReplay(megabytes: Int, runs: Int) -> Row {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (small, large) = smallAndLarge(megabytes: megabytes)
        let (floor, smallReport) = recoveries(of: small, runs: runs, inPlace: true, countingReplayed: true)
        let (store, largeReport) = recoveries(of: large, runs: runs, inPlace: true, countingReplayed: true)
        return Row(
            workload: "21 crash recovery with nothing to replay, a \(megabytes) MB log (floor: a 2 MB log)",
            store: store, floor: floor,
            note: "\(largeReport?.logBytesRead ?? -1) and \(smallReport?.logBytesRead ?? -1) bytes of the log read; "
                + "\(largeReport?.replayed ?? -1) replayed")
    }

    /// Recovery replaying `count` actions logged after the saved state.
    static func replay(_ count: Int, runs: Int) -> Row {
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = Files(folder: directory.appendingPathComponent("replay"))
        write(source, bytes: 0, after: count)
        let (recovered, report) = recoveries(of: source, runs: runs)
        let floor = Timing.of(runs: runs, setup: {}) { _ in
            var state = 0
            for _ in 0..<count { state = ActionLogWorkload.counter(state, Add()) }
            return state
        }
        let seconds = Double(recovered.median.attoseconds) / 1e18
        return Row(
            workload: "21 crash recovery replaying \(count.formatted) actions logged after the saved state",
            store: recovered, floor: floor,
            note: String(
                format: "%.0f entries a second; %d replayed; floor: the reducer alone",
                Double(count) / seconds, report?.replayed ?? -1))
    }

    /// A launch's first line after a log of `megabytes` MB in one session (no
    /// rotation) against one of 2 MB: the writer finds the new header's
    /// number and line by reading the file back to its last header (issue
    /// 42), which here is the whole file. Each run starts from a fresh copy.
    static func firstLine(megabytes: Int, runs: Int) -> Row {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (small, large) = smallAndLarge(megabytes: megabytes)
        func launches(of source: Files) -> Timing {
            var index = 0
            return Timing.of(
                runs: runs,
                setup: { () -> Run in
                    index += 1
                    return Run(source, copy: index)
                }
            ) { run in
                let log = ActionLog<Int>(registry: ActionLogWorkload.registry, file: run.files.log, rotation: nil)
                let store = createStore(ActionLogWorkload.counter, nil, log.enhancer)
                log.flush()
                run.kept = [store, log]
                return store.getState()
            }
        }
        let floor = launches(of: small)
        return Row(
            workload:
                "21 a launch's first line (its header numbered from the file's end) after a \(megabytes) MB session",
            store: launches(of: large), floor: floor,
            note: "floor: after a 2 MB session; the read is on the log's thread, before its first line")
    }
}
