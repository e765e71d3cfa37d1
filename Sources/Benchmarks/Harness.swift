import Foundation

/// Times workloads beside their floor (the same work in plain Swift, with no
/// store) and prints one table. Each time is the median of several runs after
/// a warm-up; setup is not timed.

/// A holder for state the floor mutates in place, so the floor's own array is
/// uniquely referenced, as the store's is.
final class Holder<Value> {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// Keeps a value alive and opaque to the optimiser, so the work that made it
/// is not optimised away.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// The median time of `runs` timed runs of `body` (after `warmups` untimed
/// ones), each on a fresh input from `setup`, and the checksum `body` returned.
struct Timing {
    let median: Duration
    let checksum: Int

    static func of<Input>(
        runs: Int, warmups: Int = 2, setup: () -> Input, _ body: (Input) -> Int
    ) -> Timing {
        var times: [Duration] = []
        var checksum = 0
        let clock = ContinuousClock()
        for run in 0..<(warmups + runs) {
            let input = setup()
            let start = clock.now
            checksum = body(input)
            let elapsed = clock.now - start
            blackHole(input)
            if run >= warmups { times.append(elapsed) }
        }
        times.sort()
        return Timing(median: times[times.count / 2], checksum: checksum)
    }

    /// ``of(runs:warmups:setup:_:)`` for a body that awaits: it runs on the main
    /// actor, and leaves it free for others while it waits. `cleanup`, untimed,
    /// ends what a run started (its effects) before the next run's setup.
    @MainActor
    static func awaiting<Input>(
        runs: Int, warmups: Int = 2, setup: () -> Input, _ body: (Input) async -> Int,
        cleanup: (Input) async -> Void = { _ in }
    ) async -> Timing {
        var times: [Duration] = []
        var checksum = 0
        let clock = ContinuousClock()
        for run in 0..<(warmups + runs) {
            let input = setup()
            let start = clock.now
            checksum = await body(input)
            let elapsed = clock.now - start
            await cleanup(input)
            blackHole(input)
            if run >= warmups { times.append(elapsed) }
        }
        times.sort()
        return Timing(median: times[times.count / 2], checksum: checksum)
    }
}

/// One row of the table: a workload timed through the store and as its floor.
struct Row {
    let workload: String
    let store: Timing
    let floor: Timing
    let note: String

    var ratio: Double { store.median / floor.median }
}

extension Duration {
    static func / (lhs: Duration, rhs: Duration) -> Double {
        Double(lhs.attoseconds) / Double(rhs.attoseconds)
    }

    var attoseconds: Int128 {
        Int128(components.seconds) * 1_000_000_000_000_000_000 + Int128(components.attoseconds)
    }

    /// A short human reading: ns, µs, ms or s.
    var formatted: String {
        let nanoseconds = Double(attoseconds) / 1e9
        switch nanoseconds {
        case ..<1_000: return String(format: "%.0f ns", nanoseconds)
        case ..<1_000_000: return String(format: "%.1f µs", nanoseconds / 1e3)
        case ..<1_000_000_000: return String(format: "%.2f ms", nanoseconds / 1e6)
        default: return String(format: "%.2f s", nanoseconds / 1e9)
        }
    }
}

/// Prints the rows as a Markdown table.
func printTable(_ rows: [Row]) {
    print("| workload | store | floor | ratio | checksum | note |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    for row in rows {
        let checksum =
            row.store.checksum == row.floor.checksum
            ? "\(row.store.checksum)" : "\(row.store.checksum) ≠ \(row.floor.checksum)"
        print(
            "| \(row.workload) | \(row.store.median.formatted) | \(row.floor.median.formatted) | "
                + String(format: "%.2fx", row.ratio) + " | \(checksum) | \(row.note) |")
    }
}
