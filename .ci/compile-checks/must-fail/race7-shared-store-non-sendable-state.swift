// expect: error: type 'NonSendableState' does not conform to the 'Sendable' protocol
// expect: [non_sendable_type]
// Race 7: a SharedStore hands its state to any thread (getState, subscribers), so the state must be
// Sendable; a class with mutable fields is refused. A plain Store of it is fine (TWIN).
import ReduxKitLinux

final class NonSendableState { var count = 0 }
func reduce(_ state: NonSendableState?, _ action: any Action) -> NonSendableState {
    state ?? NonSendableState()
}

func run() {
    let shared = SharedStore(createStore(reduce, nil))  // CULPRIT
    // TWIN: let shared = createStore(reduce, nil)
    _ = shared.getState()
}
