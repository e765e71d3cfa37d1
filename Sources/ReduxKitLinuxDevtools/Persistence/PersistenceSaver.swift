import Dispatch

/// The one task that saves a ``Persistence``'s changes: debounced, with a
/// maximum wait.
///
/// It sleeps until a change comes, notes the time, then sleeps on the clock
/// `debounce` at a time. It saves once a whole `debounce` passed with no change
/// (so at least `debounce`, at most twice that, after the last change), or once
/// `maxWait` has passed since it noticed the first unsaved change, whichever
/// comes first: changes that never stop are still saved every `maxWait`.
/// Changes themselves only update ``PersistenceChanges``; nothing here runs per
/// change.
///
/// The clock is injected (`any Clock<Duration>`, `ContinuousClock` by default)
/// so tests move time by hand. The writing itself (with its `fsync`s) runs on a
/// serial dispatch queue, once per save, not on the concurrency pool's threads.
enum PersistenceSaver {
    /// Starts the saver; it runs until `changes` is closed or it is cancelled.
    static func start<State: Sendable>(
        changes: PersistenceChanges<State>, clock: any Clock<Duration>, debounce: Duration, maxWait: Duration,
        queue: DispatchQueue, save: @escaping @Sendable () -> Void
    ) -> Task<Void, Never> {
        Task.detached {
            await run(changes: changes, clock: clock, debounce: debounce, maxWait: maxWait) {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    queue.async {
                        save()
                        continuation.resume()
                    }
                }
            }
        }
    }

    /// The saver's loop, on a concrete clock.
    private static func run<State: Sendable, SomeClock: Clock<Duration>>(
        changes: PersistenceChanges<State>, clock: SomeClock, debounce: Duration, maxWait: Duration,
        save: () async -> Void
    ) async {
        while await changes.waitForChange() {
            let latest = clock.now.advanced(by: maxWait)
            var seen = changes.count
            while true {
                let deadline = min(clock.now.advanced(by: debounce), latest)
                do {
                    try await clock.sleep(until: deadline, tolerance: nil)
                } catch {
                    return  // cancelled: the Persistence is gone
                }
                let now = changes.count
                if now == seen || clock.now >= latest { break }
                seen = now
            }
            await save()
        }
    }
}
