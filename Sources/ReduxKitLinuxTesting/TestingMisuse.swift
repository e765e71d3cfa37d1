import ReduxKitLinux

/// The rules the testing product enforces at run time, each with the exact
/// message the process stops with when the rule is broken (through the core's
/// `Misuse.fail(_:)`, so every message starts "ReduxKitLinux: "). A failed
/// assertion of a test is not a misuse: a ``TestStore`` reports it to the
/// running test instead.
package enum TestingMisuse {
    /// A test clock was asked to move back.
    package static func testClockMovedBack(_ duration: Duration) -> String {
        "TestClock.advance(by:) cannot move the clock back (it was given \(duration))."
    }
}
