import Synchronization

/// Returns `value` unchanged, hidden from the optimiser: the floors call the
/// same closures the store receives, and must not get to inline them or fold
/// their loops away.
@inline(never)
func opaque<T>(_ value: T) -> T {
    value
}

/// A place subscribers write to, so their work is observable and cannot be
/// optimised away.
final class Sink {
    var total = 0
}

/// A place `@Sendable` subscribers write to. They run one at a time (under a
/// shared store's lock, or in the floor's loop), so a relaxed load and store,
/// which cost what a plain add costs, are enough; the atomic lets the compiler
/// prove the sink safe to share.
final class SharedSink: Sendable {
    private let value = Atomic<Int>(0)

    func add(_ amount: Int) {
        value.store(value.load(ordering: .relaxed) &+ amount, ordering: .relaxed)
    }

    var total: Int { value.load(ordering: .relaxed) }
}
