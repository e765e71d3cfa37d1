import Synchronization

/// A state with the number of its delivery: numbers grow with every state the
/// subscriber is called with, so the receiver can tell the newer of two states
/// that reached it by different ways (a delivery, or its own dispatch).
struct NumberedState<State: Sendable>: Sendable {
    let number: UInt64
    let state: State
}

/// Counts the states one subscription has been called with. Written and read
/// only under the shared store's lock; an atomic so the compiler can prove it
/// safe to share (relaxed, since the lock orders every access).
final class DeliveryCounter: Sendable {
    private let value = Atomic<UInt64>(0)

    /// Counts one more state and returns its number.
    func next() -> UInt64 {
        value.add(1, ordering: .relaxed).newValue
    }

    /// The number of the last state counted.
    var current: UInt64 { value.load(ordering: .relaxed) }
}

extension SharedStore {
    /// Reads the current state and subscribes `deliver`, in one step under the
    /// lock, so no state falls between the two: `deliver` is then called on its
    /// actor with every later state, numbered, newest first (coalesced, as
    /// ``subscribe(isolated:includingCurrentState:)`` does).
    ///
    /// `counter` numbers the states (a new one, also given to
    /// ``dispatchReading(_:counter:)``).
    ///
    /// - Returns: The current state (number `0`) and the subscription.
    func readAndSubscribe(
        counter: DeliveryCounter, isolated deliver: @escaping @isolated(any) @Sendable (NumberedState<State>) -> Void
    ) -> (state: State, subscription: any ReduxDisposable & Sendable) {
        let mailbox = IsolatedMailbox(deliver)
        return withStore { store in
            let current = store.getState()
            let inner = store.subscribe { state in
                mailbox.post(NumberedState(number: counter.next(), state: state))
            }
            return (current, SharedSubscription(inner, lock: lock, close: { mailbox.close() }))
        }
    }

    /// Dispatches `action` and, under the same hold of the lock, reads the state
    /// it left and the number the subscription counting with `counter` gave
    /// it, so a main-actor caller can show its own action's effect at once.
    ///
    /// - Returns: What the dispatch returned, and the state with its number.
    func dispatchReading(_ action: any Action, counter: DeliveryCounter) -> (
        result: any Action, state: NumberedState<State>
    ) {
        withStore { store in
            let result = store.dispatch(action)
            return (result, NumberedState(number: counter.current, state: store.getState()))
        }
    }
}
