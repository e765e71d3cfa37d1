import Foundation

// The benchmark suite: `swift run -c release Benchmarks` prints one table of workloads, each
// timed through a store and as its floor (the same work in plain Swift, with no store).
// `Benchmarks --quick` runs small sizes in a few seconds (CI runs it so it keeps working).

let quick = CommandLine.arguments.contains("--quick")
let runs = quick ? 3 : 21

var rows: [Row] = []
if quick {
    rows.append(LargeStateWorkloads.inPlace(size: 10_000, appends: 200, runs: runs))
    rows.append(LargeStateWorkloads.returning(size: 10_000, appends: 200, runs: runs))
} else {
    rows.append(LargeStateWorkloads.inPlace(size: 100_000, appends: 2_000, runs: runs))
    rows.append(LargeStateWorkloads.inPlace(size: 1_000_000, appends: 2_000, runs: runs))
    rows.append(LargeStateWorkloads.returning(size: 100_000, appends: 2_000, runs: runs))
}
printTable(rows)

// A workload whose store and floor disagree did different work: fail loudly.
if rows.contains(where: { $0.store.checksum != $0.floor.checksum }) {
    print("error: a workload's store and floor checksums differ")
    exit(1)
}
