import Foundation
import ReduxKitLinux

// The benchmark suite: `swift run -c release Benchmarks` prints one table of workloads, each
// timed through a store and as its floor (the same work in plain Swift, with no store).
// `Benchmarks --quick` runs small sizes in a few seconds (CI runs it so it keeps working).
// `Benchmarks --memory N` subscribes N subscribers and waits for nothing: run it under
// `/usr/bin/time -v` to read the peak memory they take (compare with N = 0).
// `Benchmarks --restore-make PATH MB` then `Benchmarks --restore PATH`: restoring a large Persistence file;
// `Benchmarks --persistence-memory N`: the resident set over N dispatches to a store with Persistence.
// `Benchmarks --list-memory N [--alone]`: an IdentifiedArray of N rows against [Element] + [ID: Int].
// `Benchmarks --stack-child KIND BYTES`: workload 22's dispatch on a BYTES-byte thread (a child it runs).

let arguments = CommandLine.arguments
if let flag = arguments.firstIndex(of: "--memory"), flag + 1 < arguments.count, let count = Int(arguments[flag + 1]) {
    // Each subscriber is a closure literal capturing one object, as in an app; the store keeps
    // them, so nothing else here grows with `count`.
    let sink = Sink()
    let store = createStore(DispatchWorkloads.counter, nil)
    for _ in 0..<count { store.subscribe { state in sink.total &+= state } }
    store.dispatch(DispatchWorkloads.Increment())
    print("\(count) subscribers, sink \(sink.total)")
    exit(0)
}

// `--restore-make PATH MB` writes a state file of about MB megabytes as Persistence saves it;
// `--restore PATH` (a separate run, so the peak memory is the restore's own) times restoring it.
if let flag = arguments.firstIndex(of: "--restore-make"), flag + 2 < arguments.count,
    let megabytes = Int(arguments[flag + 2])
{
    PersistenceWorkloads.makeRestoreFile(at: arguments[flag + 1], megabytes: megabytes)
    exit(0)
}
if let flag = arguments.firstIndex(of: "--persistence-memory"), flag + 1 < arguments.count,
    let count = Int(arguments[flag + 1])
{
    PersistenceWorkloads.memory(dispatches: count)
    exit(0)
}
if let flag = arguments.firstIndex(of: "--list-memory"), flag + 1 < arguments.count,
    let count = Int(arguments[flag + 1])
{
    ListWorkloads.memory(count, alone: arguments.contains("--alone"))
    exit(0)
}
if let flag = arguments.firstIndex(of: "--stack-child"), flag + 2 < arguments.count,
    let stackSize = Int(arguments[flag + 2])
{
    StackWorkloads.child(arguments[flag + 1], stackSize: stackSize)
}
if let flag = arguments.firstIndex(of: "--restore"), flag + 1 < arguments.count {
    PersistenceWorkloads.restore(from: arguments[flag + 1])
    exit(0)
}

let quick = arguments.contains("--quick")
/// `--only 2` runs only workload 2 (for profiling).
let only = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
let runs = quick ? 3 : 21
let scale = quick ? 100 : 1

let dispatches = 1_000_000 / scale
let notifyDispatches = 1_000 / (quick ? 10 : 1)
let mainActorDispatches = 100_000 / scale
let observedDispatches = 10_000 / scale
let roundTrips = 10_000 / scale
let requestCount = 2_000 / scale
let workloads: [(id: String, run: () async -> Row)] = [
    ("1", { DispatchWorkloads.noSubscriber(dispatches, runs: runs) }),
    ("2", { NotifyWorkloads.manySubscribers(dispatches: notifyDispatches, subscriberCount: 3_000, runs: runs) }),
    ("3", { SubscriptionWorkloads.subscribeThenDispose(10_000 / scale, runs: runs) }),
    ("3", { SubscriptionWorkloads.subscribeThenDispose(100_000 / scale, runs: runs) }),
    ("4", { LargeStateWorkloads.inPlace(size: 100_000 / scale, appends: 2_000 / scale, runs: runs) }),
    ("4", { LargeStateWorkloads.inPlace(size: 1_000_000 / scale, appends: 2_000 / scale, runs: runs) }),
    ("4", { LargeStateWorkloads.returning(size: 100_000 / scale, appends: 2_000 / scale, runs: runs) }),
    ("5", { NotifyWorkloads.selectiveSubscribers(dispatches: notifyDispatches, count: 3_000, runs: runs) }),
    ("6", { DispatchWorkloads.twoThreads(dispatches, runs: runs) }),
    ("7", { DispatchWorkloads.threeMiddleware(dispatches, runs: runs) }),
    ("8", { SharedStoreWorkloads.noSubscriber(dispatches, runs: runs) }),
    ("9", { SharedStoreWorkloads.twoThreads(dispatches, runs: runs) }),
    ("19", { SharedStoreWorkloads.twoThreadsAgainstALockedLoop(dispatches, runs: runs) }),
    ("19", { SharedStoreWorkloads.twoThreadsAgainstALockedLoopOnOneThread(dispatches, runs: runs) }),
    ("20", { ListWorkloads.forEachRow(size: 1_000, actions: 10_000 / scale, runs: runs, reducer: .forEachIdentified) }),
    (
        "20",
        { ListWorkloads.forEachRow(size: 10_000, actions: 10_000 / scale, runs: runs, reducer: .forEachIdentified) }
    ),
    (
        "20",
        { ListWorkloads.forEachRow(size: 100_000, actions: 10_000 / scale, runs: runs, reducer: .forEachIdentified) }
    ),
    (
        "20",
        {
            ListWorkloads.forEachRow(
                size: 1_000_000 / scale, actions: 10_000 / scale, runs: quick ? 3 : 7, reducer: .forEachIdentified)
        }
    ),
    ("20", { ListWorkloads.forEachRow(size: 100_000, actions: 10_000 / scale, runs: runs, reducer: .handWritten) }),
    ("20", { ListWorkloads.forEachRow(size: 1_000, actions: 10_000 / scale, runs: runs, reducer: .forEachArray) }),
    (
        "20",
        {
            ListWorkloads.forEachRow(
                size: 100_000, actions: 10_000 / scale, runs: quick ? 3 : 7, reducer: .forEachArray)
        }
    ),
    ("20", { ListWorkloads.upsertMany(100_000 / scale, runs: quick ? 3 : 11) }),
    ("20", { ListWorkloads.sortedInsert(size: 100_000 / scale, runs: quick ? 3 : 11) }),
    ("20", { ListWorkloads.sortedUpdateMany(1_000 / scale, size: 100_000 / scale, runs: quick ? 3 : 11) }),
    ("20", { ListWorkloads.sortedUpsertMany(10_000 / scale, runs: quick ? 3 : 11) }),
    ("20", { ListWorkloads.memoizedSelector(dispatches, runs: runs) }),
    ("20", { await RowEffectsWorkload.run(size: 100_000 / scale, actions: 100, runs: quick ? 3 : 7) }),
    ("20", { await RowEffectsWorkload.run(.entity, size: 100_000 / scale, actions: 100, runs: quick ? 3 : 7) }),
    (
        "20",
        {
            await RowEffectsWorkload.run(size: 100_000 / scale, actions: 100, runs: quick ? 3 : 7, holdingStores: true)
        }
    ),
    ("24", { await QueryWorkloads.concurrentSubscribes(1_000, runs: quick ? 3 : 11) }),
    ("24", { await QueryWorkloads.subscribePairs(10_000 / scale, subscribers: 100, entries: 10_000, runs: runs) }),
    ("24", { await QueryWorkloads.subscribePairs(10_000 / scale, subscribers: 1_000, entries: 10_000, runs: runs) }),
    ("24", { await QueryWorkloads.subscribePairs(10_000 / scale, subscribers: 10_000, entries: 10_000, runs: runs) }),
    (
        "24",
        {
            await QueryWorkloads.subscribePairs(
                10_000 / scale, subscribers: 100_000 / scale, entries: 10_000, runs: quick ? 3 : 7)
        }
    ),
    ("24", { await QueryWorkloads.unsubscribeEveryone(1_000, entries: 10_000, runs: quick ? 3 : 7) }),
    ("24", { await QueryWorkloads.unsubscribeEveryone(100_000 / scale, entries: 10_000, runs: quick ? 3 : 7) }),
    ("24", { await QueryWorkloads.eviction(100_000 / scale, runs: quick ? 3 : 5) }),
    ("24", { QueryWorkloads.unrelatedDispatches(dispatches, runs: runs) }),
    ("10", { SharedStoreWorkloads.manySubscribers(dispatches: notifyDispatches, subscriberCount: 3_000, runs: runs) }),
    ("11", { await MainActorDeliveryWorkload.run(dispatches: mainActorDispatches, runs: runs) }),
    ("12", { PersistenceWorkloads.dispatching(dispatches, runs: runs) }),
    ("15", { EffectMiddlewareWorkload.run(.none, dispatches, runs: runs) }),
    ("15", { EffectMiddlewareWorkload.run(.byType, dispatches, runs: runs) }),
    ("15", { EffectMiddlewareWorkload.run(.mixed, dispatches, runs: runs) }),
    ("16", { await AsyncThunkRoundTripWorkload.run(.mainActor, roundTrips, runs: runs) }),
    ("16", { await AsyncThunkRoundTripWorkload.run(.sharedStore, roundTrips, runs: runs) }),
    ("16", { await AsyncThunkRoundTripWorkload.run(.task, roundTrips, runs: runs) }),
    ("23", { await PerRequestStoreWorkload.run(.task, requestCount, runs: runs) }),
    ("23", { await PerRequestStoreWorkload.run(.sharedStore, requestCount, runs: runs) }),
    ("13", { ActionLogWorkload.run(dispatches, runs: runs, countingTheFlush: true) }),
    ("13", { ActionLogWorkload.run(dispatches, runs: runs, countingTheFlush: false) }),
    ("13", { ActionLogWorkload.run(50_000 / scale, runs: runs, countingTheFlush: false) }),
    ("18", { DevtoolsSessionWorkloads.durability(.buffered, name: "buffered", 50_000 / scale, runs: runs) }),
    ("18", { DevtoolsSessionWorkloads.durability(.eachAction, name: "eachAction", 20_000 / scale, runs: runs) }),
    (
        "18",
        {
            DevtoolsSessionWorkloads.durability(
                .synced(every: .milliseconds(10)), name: "synced(every: 10 ms)", 50_000 / scale, runs: runs)
        }
    ),
    (
        "18",
        { DevtoolsSessionWorkloads.durability(.syncedEachAction, name: "syncedEachAction", 200, runs: quick ? 3 : 5) }
    ),
    ("18", { DevtoolsSessionWorkloads.stateChanges(size: 10, 20_000 / scale, runs: runs, countingTheFlush: false) }),
    ("18", { DevtoolsSessionWorkloads.stateChanges(size: 10, 20_000 / scale, runs: runs, countingTheFlush: true) }),
    (
        "18",
        { DevtoolsSessionWorkloads.stateChanges(size: 100_000 / scale, 10, runs: 3, countingTheFlush: false) }
    ),
    ("18", { DevtoolsSessionWorkloads.stateChanges(size: 100_000 / scale, 10, runs: 3, countingTheFlush: true) }),
    ("18", { DevtoolsSessionWorkloads.recovery(100_000 / scale, runs: quick ? 3 : 7) }),
    ("18", { DevtoolsSessionWorkloads.inspectorPage(100_000 / scale, runs: quick ? 3 : 5) }),
    ("21", { RecoveryWorkloads.nothingToReplay(megabytes: quick ? 10 : 100, runs: quick ? 3 : 7) }),
    ("21", { RecoveryWorkloads.replay(100_000 / scale, runs: quick ? 3 : 7) }),
    ("21", { RecoveryWorkloads.firstLine(megabytes: quick ? 10 : 100, runs: quick ? 3 : 7) }),
    ("14", { ObservationWorkloads.row(.inline10, readers: 1_000, dispatches: observedDispatches, runs: runs) }),
    ("14", { ObservationWorkloads.row(.inline100, readers: 1_000, dispatches: observedDispatches, runs: runs) }),
    ("14", { ObservationWorkloads.row(.inline1000, readers: 1_000, dispatches: observedDispatches, runs: runs) }),
    ("22", { StackWorkloads.row(.readme, runs: runs) }),
    ("22", { StackWorkloads.row(.composed, runs: runs) }),
    ("22", { StackWorkloads.row(.shared, runs: runs) }),
    ("22", { StackWorkloads.row(.inPlace, runs: runs) }),
    (
        "14",
        {
            ObservationWorkloads.row(.array1000ByIndex, readers: 1_000, dispatches: observedDispatches, runs: runs)
        }
    ),
]
let valueReducerWorkloads: [(id: String, run: () async -> Row)] = ValueReducerWorkloads.Spelling.allCases.flatMap {
    spelling in
    [1_000, 100_000, 1_000_000].map { size in
        (
            "17",
            {
                ValueReducerWorkloads.row(
                    spelling, size: size / (quick ? 10 : 1), appends: 2_000 / scale, runs: size >= 1_000_000 ? 3 : runs)
            }
        )
    }
}

/// Workload 20's rows for each operation of an `IdentifiedArray` (issue 40).
let identifiedArrayWorkloads: [(id: String, run: () async -> Row)] = IdentifiedArrayOperations.Operation.allCases.map {
    operation in ("20", { IdentifiedArrayOperations.row(operation, size: 100_000 / scale, runs: quick ? 3 : 11) })
}
// Workload 11 waits on the main actor for its subscriber, so the workloads run in an async
// top level that leaves the main actor free while it waits.
var rows: [Row] = []
for workload in workloads + identifiedArrayWorkloads + valueReducerWorkloads where only == nil || workload.id == only {
    rows.append(await workload.run())
}
printTable(rows)

// A workload whose store and floor disagree did different work: fail loudly.
if rows.contains(where: { $0.store.checksum != $0.floor.checksum }) {
    print("error: a workload's store and floor checksums differ")
    exit(1)
}
