import ReduxKitLinux
import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting

/// The features the clock tests (issue 23, item 3) run: TCA's Effects-Timers
/// case study ported, and listeners that park in a `take`.
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

    static func dependencies(_ clock: any Clock<Duration>) -> Dependencies {
        var dependencies = Dependencies()
        dependencies.clock = clock
        return dependencies
    }

    /// TCA's Effects-Timers, as its users port it: a toggle starts an effect
    /// that sleeps a second on the dependencies' clock and ticks, for ever;
    /// toggling again cancels it (`.latest`). `usesTimer`: ticks with
    /// `clock.timer(interval:)` instead of a sleep loop.
    static func timer(clock: any Clock<Duration>, usesTimer: Bool = false) -> Middleware<Timer> {
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

    /// After `Start`: waits in an untimed `take` for `Go`, then sleeps a
    /// second and dispatches `Done("went")`.
    static func takeThenSleep(clock: TestClock) -> Middleware<Timer> {
        let listeners = ListenerMiddleware<Timer>(dependencies: dependencies(clock))
        listeners.addListener(for: Start.self) { _, context in
            _ = try await context.take(Go.self)
            try await context.dependencies.clock.sleep(for: .seconds(1))
            _ = await context.dispatch(Done(note: "went"))
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

    /// An async thunk that ends at once.
    static let quick = AsyncThunk<Timer, Void, Int>("clock/quick") { _, _ in 1 }

    /// After `Start`: dispatches `quick` over and over until cancelled, so
    /// its effects never settle.
    static func busy(clock: TestClock) -> [Middleware<Timer>] {
        let listeners = ListenerMiddleware<Timer>(dependencies: dependencies(clock))
        listeners.addListener(for: Start.self) { _, context in
            while !context.isCancelled {
                _ = await context.dispatch(quick())
                await Task.yield()
            }
        }
        return [thunkMiddleware(dependencies: dependencies(clock)), listeners.middleware()]
    }

    /// After `Start`: waits at `gate` (which the test store's effects do not
    /// know), then sleeps a second on `clock`.
    static func gated(clock: TestClock, gate: AsyncGate) -> Middleware<Timer> {
        let listeners = ListenerMiddleware<Timer>(dependencies: dependencies(clock))
        listeners.addListener(for: Start.self) { _, context in
            await gate.wait()
            try await context.dependencies.clock.sleep(for: .seconds(1))
        }
        return listeners.middleware()
    }
}
