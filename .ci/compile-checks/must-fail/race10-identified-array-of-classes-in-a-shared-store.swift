// expect: [non_sendable_type]
// expect: error: type 'Row' does not conform to the 'Sendable' protocol
// Race 10: an IdentifiedArray is Sendable only when its elements are: rows held in a class with
// mutable fields cannot be the state of a SharedStore, which hands its state to any thread. A plain
// Store of them is fine (TWIN).
import ReduxKitLinux

final class Row: Identifiable {
    let id: Int
    var title = ""
    init(id: Int) { self.id = id }
}

func reduce(_ rows: inout IdentifiedArrayOf<Row>, _ action: any Action) {}

func run() {
    let shared = SharedStore(createStore(reduce, [Row(id: 1)]))  // CULPRIT
    // TWIN: let shared = createStore(reduce, [Row(id: 1)])
    _ = shared.getState()
}
