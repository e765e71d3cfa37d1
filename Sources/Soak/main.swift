// The soak test: `swift run -c release Soak` dispatches 10,000,000 actions from two threads to a
// `SharedStore` with 100 subscribers while a third thread keeps 20 of them coming and going. It
// checks the totals exactly and that resident memory at the end is within 10% of what it was after
// the first 100,000 dispatches, prints what it measured, and exits non-zero if a check fails.
// `Soak --dispatches N` runs a shorter soak.

import Foundation
import ReduxKitLinux
import Synchronization

struct Tick: Action {}

/// Counts one subscriber's calls. The subscriber runs on whichever thread
/// dispatches, so the count is atomic; it is read after the threads join.
final class CallCount: Sendable {
    private let calls = Atomic<Int>(0)

    func increment() {
        calls.add(1, ordering: .relaxed)
    }

    var value: Int { calls.load(ordering: .relaxed) }
}

/// Resident memory now, in bytes, from /proc/self/statm.
func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

func megabytes(_ bytes: Int) -> String {
    String(format: "%.1f MB", Double(bytes) / 1_048_576)
}

let arguments = CommandLine.arguments
let totalDispatches = arguments.firstIndex(of: "--dispatches").flatMap { Int(arguments[$0 + 1]) } ?? 10_000_000
let dispatchThreads = 2
let longLivedCount = 80
let churningCount = 20
let warmUp = min(100_000, totalDispatches / 10)

// Top-level code runs on the main actor, so the store is built in a `@Sendable` closure, outside
// it, and handed to the shared store whole; the threads below use it only through that.
let store = SharedStore {
    createStore({ (state: inout Int, action: any Action) in if action is Tick { state &+= 1 } }, 0)
}
let longLived = (0..<longLivedCount).map { _ in CallCount() }
for count in longLived {
    store.subscribe { _ in count.increment() }
}

let dispatchersDone = Atomic<Int>(0)
let churnRounds = Atomic<Int>(0)
let baseline = Atomic<Int>(0)
let started = ContinuousClock.now
let group = DispatchGroup()

for thread in 0..<dispatchThreads {
    group.enter()
    Thread.detachNewThread {
        let share = totalDispatches / dispatchThreads + (thread < totalDispatches % dispatchThreads ? 1 : 0)
        for step in 0..<share {
            store.dispatch(Tick())
            if thread == 0 && step == warmUp / dispatchThreads { baseline.store(residentBytes(), ordering: .relaxed) }
        }
        dispatchersDone.add(1, ordering: .releasing)
        group.leave()
    }
}

group.enter()
Thread.detachNewThread {
    // Twenty subscribers come and go, through plain handles and a dispose bag, until the
    // dispatchers finish. The bag lives in this thread's domain only: it is made, filled and
    // emptied here, and holds the shared store's handles.
    while dispatchersDone.load(ordering: .acquiring) < dispatchThreads {
        let bag = DisposeBag()
        var handles: [any ReduxDisposable & Sendable] = []
        for index in 0..<churningCount {
            if index % 2 == 0 {
                handles.append(store.subscribe { _ in })
            } else {
                store.subscribe(select: { $0 / 1_000 }) { _ in }.disposed(by: bag)
            }
        }
        Thread.sleep(forTimeInterval: 0.001)
        for handle in handles { handle.dispose() }
        bag.disposeAll()
        churnRounds.add(1, ordering: .relaxed)
    }
    group.leave()
}

group.wait()
let elapsed = ContinuousClock.now - started
let end = residentBytes()
let start = baseline.load(ordering: .relaxed)
let growth = start > 0 ? Double(end) / Double(start) : .infinity
let calls = longLived.map(\.value)

print("soak: \(totalDispatches) dispatches from \(dispatchThreads) threads in \(elapsed)")
print(
    "soak: \(longLivedCount) long-lived subscribers, \(churningCount) more coming and going (\(churnRounds.load(ordering: .relaxed)) rounds)"
)
print(
    "soak: resident memory after \(warmUp) dispatches \(megabytes(start)), at the end \(megabytes(end)) (\(String(format: "%.3f", growth))x)"
)

var failures: [String] = []
if store.state != totalDispatches { failures.append("final state \(store.state), expected \(totalDispatches)") }
if calls.contains(where: { $0 != totalDispatches }) {
    failures.append(
        "a long-lived subscriber was called \(calls.first { $0 != totalDispatches }!) times, expected \(totalDispatches)"
    )
}
if growth > 1.10 { failures.append("resident memory grew by more than 10%") }
if failures.isEmpty {
    print("soak: totals exact (state and every long-lived subscriber: \(totalDispatches)); memory within 10%")
} else {
    for failure in failures { print("soak: FAILED: \(failure)") }
    exit(1)
}
