import Synchronization

extension Store where State: Sendable {
    /// The store's states as an `AsyncSequence`: the current state first, then
    /// each new state, for `for await` consumers in any task.
    ///
    /// ```swift
    /// for await state in store.states {
    ///     render(state)
    /// }
    /// ```
    ///
    /// A slow consumer does not make memory grow: only the newest state waits
    /// to be read, and older ones it has not read yet are dropped (use
    /// ``states(bufferingPolicy:)`` to keep more). The stream ends when the
    /// store is freed. When the consuming task is cancelled or stops iterating,
    /// the stream ends at once and its subscription is removed at the store's
    /// next state change (a plain store can only be changed in its own domain).
    /// The stream does not keep the store alive.
    public var states: AsyncStream<State> {
        states(bufferingPolicy: .bufferingNewest(1))
    }

    /// The store's states as an `AsyncSequence`, the current state first, with
    /// the buffering you choose for states the consumer has not read yet.
    ///
    /// - `.bufferingNewest(n)` keeps the `n` newest (the default for ``states``
    ///   is 1: newest wins);
    /// - `.bufferingOldest(n)` keeps the `n` oldest and drops newer ones;
    /// - `.unbounded` keeps every state, so memory grows while the consumer lags.
    ///
    /// - Parameter bufferingPolicy: What to keep while the consumer lags.
    /// - Returns: A stream that ends when the consuming task is cancelled or the
    ///   store is freed.
    public func states(
        bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy
    ) -> AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(of: State.self, bufferingPolicy: bufferingPolicy)
        // The flag, not the finisher: the continuation keeps its termination
        // handler, and the finisher must go with the subscriber to end the stream.
        let consumerGone = SetOnceFlag()
        continuation.onTermination = { _ in consumerGone.set() }
        let finisher = StreamFinisher(continuation)
        let handle = OwnHandle()
        handle.subscription = backend.subscribe { current in
            continuation.yield(current)
            return { state in
                if consumerGone.isSet {
                    handle.subscription?.dispose()
                } else {
                    finisher.yield(state)
                }
            }
        }
        return stream
    }
}

/// A subscription's own handle, for a subscriber that disposes itself.
final class OwnHandle {
    var subscription: (any ReduxDisposable)?
}

/// A flag set once, from any thread: here, that a stream's consumer has gone.
final class SetOnceFlag: Sendable {
    private let value = Atomic<Bool>(false)

    /// Whether the flag is set.
    var isSet: Bool {
        value.load(ordering: .acquiring)
    }

    func set() {
        value.store(true, ordering: .releasing)
    }
}

/// Feeds a stream from a subscriber, and finishes the stream when the subscriber
/// is released: that is, when the store that holds it is freed (or the
/// subscription is disposed).
final class StreamFinisher<Element: Sendable>: Sendable {
    private let continuation: AsyncStream<Element>.Continuation

    init(_ continuation: AsyncStream<Element>.Continuation) {
        self.continuation = continuation
    }

    func yield(_ element: Element) {
        continuation.yield(element)
    }

    deinit {
        continuation.finish()
    }
}
