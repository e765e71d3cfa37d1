/// The two states an ``ObservableStore`` holds: the one its readers see, and
/// a spare slot the next state is copied into, so the two can be compared in
/// place and the new one shown by flipping, with one copy of the state per
/// change and none to compare (copying a large state costs more than finding
/// what changed in it).
final class StateSlots<State> {
    private let slots: UnsafeMutablePointer<State>
    private var currentIndex = 0

    init(_ state: State) {
        slots = .allocate(capacity: 2)
        slots.initialize(to: state)
        (slots + 1).initialize(to: state)
    }

    deinit {
        slots.deinitialize(count: 2)
        slots.deallocate()
    }

    /// The state the readers see.
    var current: UnsafeMutablePointer<State> { slots + currentIndex }

    /// The other slot, where the next state goes.
    var spare: UnsafeMutablePointer<State> { slots + (1 - currentIndex) }

    /// Makes the spare slot the current one.
    func flip() {
        currentIndex = 1 - currentIndex
    }
}
