import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of the suites whose tests wait on tasks: a safety net
    /// against a hang, never a timing.
    ///
    /// Swift Testing starts every test of the run at once and counts a test's
    /// time limit from then, so a test's time includes its wait for a thread of
    /// the cooperative pool, which has as many threads as the machine has cores.
    /// On CI's shared two cores the CPU-bound synchronous tests (stress, model
    /// based, JSON Patch, crash tests) kept both threads for 100 s, and tests
    /// with a one-minute limit failed without ever having run long. Ten minutes
    /// is far past any real run of the suite and still ends a deadlocked test.
    package static var hangSafetyNet: Self { .timeLimit(.minutes(10)) }
}
