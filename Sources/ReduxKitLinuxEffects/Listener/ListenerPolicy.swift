extension ListenerMiddleware {
    /// What to do when a listener's action comes again while its effect runs,
    /// or comes in a burst. Every policy is per store: a listener middleware
    /// installed in two stores schedules each store's runs apart. Timed
    /// policies wait on the middleware's `dependencies.clock`.
    ///
    /// A listener added with a `cancellationID` applies its policy per key:
    /// `.latest` with `cancellationID: { $0.rowID }` cancels only the run
    /// going on for the same row (TCA's `.cancellable(id:cancelInFlight: true)`),
    /// `.leading`, `.debounce` and `.throttle` ignore, debounce and throttle
    /// each row's actions apart (Redux Toolkit's per-entity listeners).
    public enum Policy: Sendable, Equatable {
        /// Every matching action starts a run; runs overlap and each goes on
        /// to its end (RTK's default).
        case all
        /// Every matching action starts a run and cancels this listener's runs
        /// still going, with what they started (RTK's `takeLatest` recipe,
        /// `cancelActiveListeners()` first thing in the effect).
        case latest
        /// A matching action starts a run only if none of this listener's runs
        /// is going; while one runs, matching actions are ignored (RTK's
        /// `takeLeading` recipe: unsubscribe, run, subscribe again).
        case leading
        /// Latest-wins debounce: every matching action cancels this listener's
        /// run, whether it is still waiting or already running its effect, and
        /// starts a run that waits `interval` on the clock, then runs the effect
        /// for that action. So the effect runs once a burst has been quiet for
        /// `interval`, for the burst's last action, and a run overtaken by a
        /// newer action never finishes (RTK's debounce recipe:
        /// `cancelActiveListeners()`, then `delay(interval)`).
        case debounce(Duration)
        /// Leading-edge throttle, no trailing run: a matching action starts a
        /// run and opens a window of `interval` on the clock; matching actions
        /// inside the window are dropped (none runs when it closes); the first
        /// after it starts a run and opens the next window. Runs are never
        /// cancelled by the policy, so a run longer than `interval` may overlap
        /// the next one.
        case throttle(Duration)
    }
}
