/// A handle on something that can be stopped once, such as a store subscription.
///
/// ``Store/subscribe(_:)`` returns one. Disposing it is idempotent.
public protocol ReduxDisposable {
    /// Whether the handle has been disposed (or what it controls is gone).
    var disposed: Bool { get }
    /// Stops what the handle controls. Calling it again does nothing.
    func dispose()
}
