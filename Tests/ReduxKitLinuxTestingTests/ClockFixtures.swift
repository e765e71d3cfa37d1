import ReduxKitLinux
import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting

/// The features the clock tests (issue 23, item 3) run: TCA's Effects-Timers
/// case study ported, and listeners that sleep after waiting for an action.
enum ClockFixtures {
    struct Timer: Equatable, Sendable {
        var isTimerActive = false
        var secondsElapsed = 0
        var note = ""
    }

    /// Starts the timer, or stops it when it runs.
    struct Toggle: Action {}
    /// What the timer dispatches each second.
    struct Tick: Action {}
    /// Starts a listener that waits in a `take` for `Go`.
    struct Start: Action {}
    struct Go: Action {}
    /// What the `take` listeners dispatch when they are done.
    struct Done: Action { let note: String }

    static func reducer(_ state: inout Timer, _ action: any Action) {
        switch action {
        case is Toggle: state.isTimerActive.toggle()
        case is Tick: state.secondsElapsed += 1
        case let done as Done: state.note = done.note
        default: break
        }
    }

    static func dependencies(_ clock: any Clock<Duration>) -> EffectDependencies {
        var dependencies = EffectDependencies()
        dependencies.clock = clock
        return dependencies
    }

    /// TCA's Effects-Timers, as its users port it: a toggle starts an effect
    /// that ticks every second on the dependencies' clock, for ever; toggling
    /// again cancels it (`.latest`). `usesTimer`: ticks with
    /// `clock.timer(interval:)`; otherwise with a loop of `sleep(for:)`.
    static func timer(clock: any Clock<Duration>, usesTimer: Bool = true) -> Middleware<Timer> {
        let listeners = ListenerMiddleware<Timer>(dependencies: dependencies(clock))
        listeners.addListener(for: Toggle.self, policy: .latest) { _, context in
            guard try await context.getState().isTimerActive else { return }
            if usesTimer {
                for await _ in context.dependencies.clock.timer(interval: .seconds(1)) {
                    _ = await context.dispatch(Tick())
                }
            } else {
                while true {
                    try await context.dependencies.clock.sleep(for: .seconds(1))
                    _ = await context.dispatch(Tick())
                }
            }
        }
        return listeners.middleware()
    }

    /// After `Start`: waits in a `take` for `Go` for a second at most, then
    /// dispatches `Done` saying which came first.
    static func timedTake(clock: any Clock<Duration>) -> Middleware<Timer> {
        let listeners = ListenerMiddleware<Timer>(dependencies: dependencies(clock))
        listeners.addListener(for: Start.self) { _, context in
            let taken = try await context.take(Go.self, timeout: .seconds(1))
            _ = await context.dispatch(Done(note: taken == nil ? "timed out" : "went"))
        }
        return listeners.middleware()
    }

    /// After `Start`: debounces for 300 ms on the clock, then dispatches `Done("debounced")`.
    static func debounce(clock: any Clock<Duration>) -> Middleware<Timer> {
        let listeners = ListenerMiddleware<Timer>(dependencies: dependencies(clock))
        listeners.addListener(for: Start.self, policy: .latest) { _, context in
            try await context.dependencies.clock.sleep(for: .milliseconds(300))
            _ = await context.dispatch(Done(note: "debounced"))
        }
        return listeners.middleware()
    }
}
