import Foundation
import ReduxKitLinuxTestSupport
import Testing

/// The test support's `offThePool`, which the long synchronous tests run in:
/// their bodies run on its own thread, not the cooperative pool's, and what
/// they record still reaches the running test.
@Suite("Long tests off the pool")
struct OffThePoolTests {
    @Test func theBodyRunsOnTheSupportsOwnThread() async {
        #expect(!isOffThePool)
        #expect(await offThePool { isOffThePool })
    }

    @Test func anIssueRecordedInTheBodyIsTheRunningTests() async {
        await withKnownIssue {
            await offThePool { _ = Issue.record("recorded off the pool") }
        } matching: { issue in
            issue.comments.contains("recorded off the pool")
        }
    }

    @Test func whatTheBodyThrowsReachesTheTest() async {
        struct Thrown: Error {}
        await #expect(throws: Thrown.self) {
            try await offThePool { throw Thrown() }
        }
    }
}
