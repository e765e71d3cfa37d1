import Foundation
import ReduxKitLinuxDevtools

// A child process for the Persistence tests (Tests/ReduxKitLinuxDevtoolsTests/Persistence/PersistenceProcessTests.swift):
// they start it, kill it with SIGKILL at random moments, or let it end, and check the state file.
//
//   PersistenceCrashTester save <file> <writer> [<count>]
//       Restores <file>, prints "started <count> <writer>" (the restored state's), then dispatches again
//       and again (forever, or <count> times, then exits) with no debounce, so the saver saves
//       continuously; prints "dispatched <count>" after each change, or "flushed <count>" after every
//       fifth (and the last), which it flushes. Errors go to standard error (no onError given).
//   PersistenceCrashTester exit-pending <file> <count>
//       Dispatches <count> changes with a one-hour debounce and exits (exit(0)) without flushing, its store
//       still alive: only the exit hook can save them.
//   PersistenceCrashTester report-errors <directory>
//       With no onError: saves into a missing directory (flush), then leaves a state that cannot be encoded
//       pending at exit. Both failures must appear on standard error.
//   PersistenceCrashTester recover <state file> <log file> <durability> [<count>]
//       Crash recovery (issue 22): a CrashRecovery of <state file> and <log file> (durability: buffered,
//       eachAction, synced, syncedEachAction), debounce 2 ms; prints "started <count> <whole> <report>", where
//       <whole> says whether the recovered items are exactly 1...count, then appends count + 1 again and again
//       (forever, or <count> times, then exits), printing "dispatched <count>" after each.
//
// The first three modes use only the API that Persistence had before issue 12, so the same tests can be run against the old
// implementation.

/// The state the child saves: `payload` is a function of `count`, so a file that decodes to a state
/// whose payload does not match was never saved whole. About 1.4 MB of JSON, quick to encode (one string)
/// and long to write, so a kill often lands mid-write.
struct CrashState: Codable, Equatable, Sendable {
    var count = 0
    var writer = ""
    var payload = ""

    static func payload(for count: Int) -> String {
        String(repeating: "\(count),", count: 200_000)
    }
}

struct Bump: Action {
    let writer: String
}

func reducer(_ state: CrashState?, _ action: any Action) -> CrashState {
    var state = state ?? CrashState()
    if let bump = action as? Bump {
        state.count += 1
        state.writer = bump.writer
        state.payload = CrashState.payload(for: state.count)
    }
    return state
}

/// A state `JSONEncoder` cannot encode once `value` is not finite.
struct Reading: Codable, Sendable {
    var value = 0.0
}

struct SetReading: Action {
    let value: Double
}

func say(_ line: String) {
    // write(2) at once: standard output is a pipe, which print would buffer.
    FileHandle.standardOutput.write(Data("\(line)\n".utf8))
}

func save(file: URL, writer: String, count: Int?) -> Never {
    // No debounce: the saver writes in the background, one save after another, while this thread
    // dispatches; every fifth change is also flushed from here. A kill after any line lands anywhere
    // in the saver's cycle.
    let persistence = Persistence<CrashState>(file: file, debounce: .zero)
    let store = createStore(reducer, nil, persistence.enhancer)
    say("started \(store.state.count) \(store.state.writer)")
    var done = 0
    while count.map({ done < $0 }) ?? true {
        store.dispatch(Bump(writer: writer))
        done += 1
        if done % 5 == 0 || done == count {
            persistence.flush()
            say("flushed \(store.state.count)")
        } else {
            say("dispatched \(store.state.count)")
        }
    }
    exit(0)
}

func exitPending(file: URL, count: Int) -> Never {
    let persistence = Persistence<CrashState>(file: file, debounce: .seconds(3600))
    let store = createStore(reducer, nil, persistence.enhancer)
    for _ in 0..<count { store.dispatch(Bump(writer: "exit")) }
    say("dispatched \(store.state.count)")
    withExtendedLifetime(store) { exit(0) }
}

func reportErrors(directory: URL) -> Never {
    let missing = Persistence<CrashState>(file: directory.appendingPathComponent("missing/state.json"))
    let store = createStore(reducer, nil, missing.enhancer)
    store.dispatch(Bump(writer: "missing"))
    missing.flush()
    let unencodable = Persistence<Reading>(file: directory.appendingPathComponent("nan.json"), debounce: .seconds(3600))
    let readings = createStore(
        { (state: Reading?, action: any Action) in
            (action as? SetReading).map { Reading(value: $0.value) } ?? state ?? Reading()
        }, nil, unencodable.enhancer)
    readings.dispatch(SetReading(value: .nan))
    say("done")
    withExtendedLifetime((store, readings)) { exit(0) }
}

/// The state crash recovery restores: `items` is always 1...`items.count` in a state the reducer made.
struct Tally: Codable, Equatable, Sendable {
    var items: [Int] = []
}

struct Append: Action, Codable {
    let value: Int
}

func tally(_ state: inout Tally, _ action: any Action) {
    if let append = action as? Append { state.items.append(append.value) }
}

func recover(state file: URL, log logFile: URL, durability name: String, count: Int?) -> Never {
    let durability: ActionLogDurability =
        switch name {
        case "eachAction": .eachAction
        case "synced": .synced(every: .milliseconds(5))
        case "syncedEachAction": .syncedEachAction
        default: .buffered
        }
    var registry = ActionRegistry()
    registry.register(Append.self)
    let recovery = CrashRecovery(
        persistence: Persistence<Tally>(file: file, debounce: .milliseconds(2), maxWait: .milliseconds(10)),
        log: ActionLog<Tally>(registry: registry, file: logFile, durability: durability))
    let store = createStore(tally, Tally(), recovery.enhancer)
    let items = store.state.items
    say("started \(items.count) \(items == Array(0..<items.count).map { $0 + 1 }) \(recovery.report!)")
    var done = 0
    while count.map({ done < $0 }) ?? true {
        store.dispatch(Append(value: store.state.items.count + 1))
        done += 1
        say("dispatched \(store.state.items.count)")
    }
    withExtendedLifetime(store) { exit(0) }
}

let arguments = CommandLine.arguments
switch (arguments.count > 1 ? arguments[1] : "", arguments.count) {
case ("save", 4), ("save", 5):
    save(
        file: URL(fileURLWithPath: arguments[2]), writer: arguments[3],
        count: arguments.count == 5 ? Int(arguments[4]) : nil)
case ("exit-pending", 4):
    exitPending(file: URL(fileURLWithPath: arguments[2]), count: Int(arguments[3]) ?? 1)
case ("recover", 5), ("recover", 6):
    recover(
        state: URL(fileURLWithPath: arguments[2]), log: URL(fileURLWithPath: arguments[3]), durability: arguments[4],
        count: arguments.count == 6 ? Int(arguments[5]) : nil)
case ("report-errors", 3):
    reportErrors(directory: URL(fileURLWithPath: arguments[2]))
default:
    FileHandle.standardError.write(Data("usage: see Sources/PersistenceCrashTester/main.swift\n".utf8))
    exit(2)
}
