// expect: error: type 'Board' does not conform to the 'Sendable' protocol
// expect: [non_sendable_type]
// Race 8: an action log that records state changes hands each state to its own thread, which
// encodes it while the store goes on, so the state must be Sendable; a class with mutable fields is
// refused. The same log without state changes encodes nothing of the state off the store's domain
// (TWIN).
import Foundation
import ReduxKitLinuxDevtools

final class Board: Codable { var count = 0 }

func run() {
    let file = URL(fileURLWithPath: "/tmp/board.jsonl")
    let log = ActionLog<Board>(registry: ActionRegistry(), file: file, recordingStateChanges: true)  // CULPRIT
    // TWIN: let log = ActionLog<Board>(registry: ActionRegistry(), file: file)
    _ = log
}
