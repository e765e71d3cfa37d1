/// A handle on something that can be stopped once, such as a store subscription.
///
/// ``Store/subscribe(_:)`` returns one. Disposing is idempotent. Handles are
/// `Sendable`: a handle may be disposed from any thread, not only the one that
/// subscribed.
public protocol ReduxDisposable: Sendable {
    /// Whether the handle has been disposed (or what it controls is gone).
    var disposed: Bool { get }
    /// Stops what the handle controls. Calling it again does nothing.
    func dispose()
}

/// A ``ReduxDisposable`` made of two functions, as in ReduxKit: for wrapping
/// subscriptions of your own in the library's handle type.
///
/// ```swift
/// let handle = SimpleReduxDisposable(disposed: { token.isCancelled }, dispose: { token.cancel() })
/// ```
///
/// Idempotence is up to the functions: `dispose()` calls `dispose` every time.
public struct SimpleReduxDisposable: ReduxDisposable {
    private let isDisposed: @Sendable () -> Bool
    private let disposeAction: @Sendable () -> Void

    /// Creates a handle from its two functions.
    ///
    /// - Parameters:
    ///   - disposed: Answers whether the handle has been disposed.
    ///   - dispose: Stops what the handle controls.
    public init(disposed: @escaping @Sendable () -> Bool, dispose: @escaping @Sendable () -> Void) {
        self.isDisposed = disposed
        self.disposeAction = dispose
    }

    /// Whether the handle has been disposed, as its `disposed` function answers.
    public var disposed: Bool { isDisposed() }

    /// Calls the handle's `dispose` function.
    public func dispose() {
        disposeAction()
    }
}
