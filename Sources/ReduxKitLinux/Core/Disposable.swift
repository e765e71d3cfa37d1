/// A handle on something that can be stopped once, such as a store subscription.
///
/// ``Store/subscribe(_:)-((State)->Void)`` returns one. Disposing is idempotent.
///
/// The protocol does not require `Sendable`: a ``Store`` lives in one isolation
/// domain, and so do the handles it returns, so the compiler keeps them (and the
/// subscribers they control) on that domain. Handles of a ``SharedStore`` are
/// `any ReduxDisposable & Sendable`, and may be disposed from any thread.
public protocol ReduxDisposable {
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
/// The handle is not `Sendable`, since the functions need not be.
public struct SimpleReduxDisposable: ReduxDisposable {
    private let isDisposed: () -> Bool
    private let disposeAction: () -> Void

    /// Creates a handle from its two functions.
    ///
    /// - Parameters:
    ///   - disposed: Answers whether the handle has been disposed.
    ///   - dispose: Stops what the handle controls.
    public init(disposed: @escaping () -> Bool, dispose: @escaping () -> Void) {
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

/// A `Sendable` handle made of two `Sendable` functions, for the library's own
/// handles that may be disposed from any thread (a shared store's, a listener's).
struct SendableDisposable: ReduxDisposable, Sendable {
    let isDisposed: @Sendable () -> Bool
    let disposeAction: @Sendable () -> Void

    var disposed: Bool { isDisposed() }

    func dispose() {
        disposeAction()
    }
}
