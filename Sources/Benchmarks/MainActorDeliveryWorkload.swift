import Foundation
import ReduxKitLinux
import Synchronization

/// Workload 11: a background thread dispatches to a ``SharedStore`` whose one
/// subscriber is isolated to the main actor; timed until the last state has
/// arrived there.
enum MainActorDeliveryWorkload {
    typealias Increment = DispatchWorkloads.Increment

    /// The subscriber's side, on the main actor: counts deliveries, and resumes
    /// `arrived` when the last state comes.
    @MainActor
    final class Receiver {
        let last: Int
        var deliveries = 0
        var latest = 0
        var arrived: CheckedContinuation<Void, Never>?

        init(last: Int) {
            self.last = last
        }

        func receive(_ state: Int) {
            deliveries += 1
            latest = state
            if state == last {
                arrived?.resume()
                arrived = nil
            }
        }
    }

    /// The most resident memory a run's samples saw, in bytes.
    final class PeakMemory: Sendable {
        private let bytes = Atomic<Int>(0)

        /// Reads the resident memory now and keeps it if it is the most yet.
        func sample() {
            bytes.max(residentBytes(), ordering: .relaxed)
        }

        var peak: Int { bytes.load(ordering: .relaxed) }
    }

    /// Resident memory now, in bytes, from /proc/self/statm.
    static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    /// Dispatches `count` actions to `store` from a new thread, reading the
    /// resident memory every 1,000 dispatches and at the end, then calls
    /// `finished` there; returns at once.
    static func dispatchInBackground(
        _ count: Int, to store: SharedStore<Int>, peak: PeakMemory, finished: @escaping @Sendable () -> Void = {}
    ) {
        Thread.detachNewThread {
            for step in 0..<count {
                store.dispatch(Increment())
                if step % 1_000 == 0 { peak.sample() }
            }
            peak.sample()
            finished()
        }
    }

    /// Workload 11. The floor column is the same dispatches to a shared store
    /// with no subscriber, timed until the main actor hears the thread is done;
    /// the note gives how many deliveries the subscriber received (coalesced,
    /// newest first) and the most resident memory grew during a run, with the
    /// subscriber and without.
    @MainActor
    static func run(dispatches: Int, runs: Int) async -> Row {
        var deliveries: [Int] = []
        var growth = 0
        var floorGrowth = 0
        let store = await Timing.awaiting(
            runs: runs,
            setup: { () -> (SharedStore<Int>, Receiver, any ReduxDisposable & Sendable) in
                let shared = SharedStoreWorkloads.makeStore()
                let receiver = Receiver(last: dispatches)
                let subscription = shared.subscribe(isolated: { @MainActor state in receiver.receive(state) })
                return (shared, receiver, subscription)
            }
        ) { shared, receiver, subscription in
            let baseline = residentBytes()
            let peak = PeakMemory()
            await withCheckedContinuation { arrived in
                receiver.arrived = arrived
                dispatchInBackground(dispatches, to: shared, peak: peak)
            }
            peak.sample()
            subscription.dispose()
            growth = max(growth, peak.peak - baseline)
            deliveries.append(receiver.deliveries)
            return receiver.latest
        }
        let floor = await Timing.awaiting(runs: runs, setup: SharedStoreWorkloads.makeStore) { shared in
            let baseline = residentBytes()
            let peak = PeakMemory()
            await withCheckedContinuation { finished in
                dispatchInBackground(dispatches, to: shared, peak: peak, finished: { finished.resume() })
            }
            floorGrowth = max(floorGrowth, peak.peak - baseline)
            return shared.state
        }
        let fewest = deliveries.min() ?? 0
        let most = deliveries.max() ?? 0
        return Row(
            workload:
                "11 main-actor subscriber, \(dispatches.formatted) dispatches from a background thread, until the last state arrives (floor: no subscriber)",
            store: store, floor: floor,
            note: String(
                format: "%@–%@ deliveries (coalesced); resident memory grew at most %.1f MB (floor: %.1f MB)",
                fewest.formatted, most.formatted, Double(growth) / 1_048_576, Double(floorGrowth) / 1_048_576))
    }
}
