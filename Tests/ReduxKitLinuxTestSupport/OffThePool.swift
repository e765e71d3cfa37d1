import Foundation

/// Runs a long, CPU-bound synchronous test body on a thread of the test
/// support's own instead of a thread of the cooperative pool, still inside the test's
/// task: `#expect` and `Issue.record` in `body` report to the running test, as
/// they would in a synchronous test.
///
/// The pool has as many threads as the machine has cores (two on CI). Swift
/// Testing starts every test at once, so a few synchronous tests that compute
/// for seconds (the model-based programs, the JSON property tests, the action
/// log's backlog) held both threads at the start of every run, and every
/// async test, its timeouts running, waited for them (locally, no test ended
/// in the first 17 s). The bodies given here take turns on a thread of their
/// own, beside the pool's; the system shares the cores between them.
///
/// Tasks `body` starts with `Task { … }` inherit the preference, so they too
/// run on that thread once `body` returns: `body` must not block waiting for
/// one (threads, dispatch queues and detached tasks are not affected).
///
/// - Parameter body: The test's body.
/// - Returns: What `body` returned.
package func offThePool<Value>(_ body: () throws -> Value) async rethrows -> Value {
    try await withTaskExecutorPreference(LongTestExecutor.shared) { try body() }
}

/// Whether the caller runs on a thread of ``offThePool(_:)``.
package var isOffThePool: Bool {
    Thread.current.threadDictionary[LongTestExecutor.threadKey] != nil
}

/// A task executor with a thread of its own, which runs the jobs given to it in
/// turn, for ``offThePool(_:)``.
///
/// `@unchecked Sendable`: its one mutable field, `jobs`, is read and written
/// only while `condition`'s lock is held (`enqueue` appends, the thread's loop
/// takes the first), and a job is run only after it was taken out, outside the
/// lock. It holds no user closure or state: the jobs are the runtime's.
final class LongTestExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = LongTestExecutor()
    /// Marks its thread (thread names are not reliable on Linux: a new thread
    /// reports the name of the one that made it).
    static let threadKey = "ReduxKitLinuxTestSupport.LongTestExecutor"
    /// One: the long tests take turns on it (they end well before the crash
    /// tests, the longest), and the system, not the pool, shares the cores
    /// between it and the rest. Two were no better in the runs measured.
    static let threads = 1

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init() {
        for _ in 0..<Self.threads {
            let thread = Thread { [unowned self] in
                Thread.current.threadDictionary[Self.threadKey] = true
                self.runJobs()
            }
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func runJobs() -> Never {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
