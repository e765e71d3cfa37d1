import ReduxKitLinuxTesting

/// The tests' manual clock: the testing product's ``TestClock`` (`advance(by:)`,
/// `sleeping`, `sleepCalls`, `now`, and `waitForSleepers(_:)` to wait without
/// polling for code to reach its sleep).
typealias ManualClock = TestClock
