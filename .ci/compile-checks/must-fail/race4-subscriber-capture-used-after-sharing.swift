// expect: error: sending 's' risks causing data races
// expect: [#SendingRisksDataRace]
// expect: note: access can happen concurrently
// Race 4, through a capture: the store's subscriber appends to a log; once the store is handed to a
// SharedStore, the log moved with it, and appending to it here would race with dispatching threads.
import ReduxKitLinux

struct Increment: Action {}
struct CounterState: Equatable, Sendable { var count = 0 }
func counterReducer(_ state: CounterState?, _ action: any Action) -> CounterState {
    CounterState(count: (state?.count ?? 0) + (action is Increment ? 1 : 0))
}

final class Log { var lines: [String] = [] }

func run() {
    let log = Log()
    let s = createStore(counterReducer, nil)
    s.subscribe { state in log.lines.append("count \(state.count)") }
    let shared = SharedStore(s)
    Task.detached { shared.dispatch(Increment()) }
    log.lines.append("still mine?")  // CULPRIT
}
