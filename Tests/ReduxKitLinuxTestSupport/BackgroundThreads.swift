import Foundation

/// Runs `body(0)`, …, `body(count - 1)` on threads of their own, as
/// ``onThreads(_:_:)`` does, and resumes when all have finished, without
/// blocking a thread of the cooperative pool while they run: the pool (and the
/// main actor) stay free for the deliveries the test waits for.
package func onThreadsInBackground(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
        Thread.detachNewThread {
            onThreads(count, body)
            finished.resume()
        }
    }
}

/// Waits for the first value of `stream` that `condition` accepts; returns it,
/// or `nil` if the stream ended first. It runs on the caller's actor.
package func firstValue<Value: Sendable>(
    of stream: AsyncStream<Value>, where condition: (Value) -> Bool = { _ in true },
    isolation: isolated (any Actor)? = #isolation
) async -> Value? {
    for await value in stream where condition(value) {
        return value
    }
    return nil
}
