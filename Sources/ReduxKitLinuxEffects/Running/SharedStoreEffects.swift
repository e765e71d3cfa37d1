extension SharedStore {
    /// How many effect tasks this store's middleware (`thunkMiddleware()`,
    /// listener middleware) has running now: async thunks, listener effects
    /// and what they forked. For the test tools (`TestStore`).
    package var runningEffectCount: Int {
        effectTrackers().reduce(0) { $0 + $1.running }
    }

    /// Returns when none of this store's effect tasks is running (at once if
    /// none is). An effect that starts another keeps the count above zero
    /// until both end. Returns early if the waiting task is cancelled. For
    /// test tools.
    package func waitForEffects() async {
        await waitUntilIdle { effectTrackers() }
    }

    /// Returns when at most `count` of this store's effect tasks are running
    /// (at once if so), woken by each effect's end in any of its chains;
    /// early if the waiting task is cancelled. For test tools.
    package func waitForEffects(downTo count: Int) async {
        await waitUntilRunning(atMost: count) { effectTrackers() }
    }

    /// The trackers of the store's middleware chains, read under the lock.
    func effectTrackers() -> [EffectTracker] {
        lock.lock()
        defer { lock.unlock() }
        return store.backend.effectTrackers()
    }
}
