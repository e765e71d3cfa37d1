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
